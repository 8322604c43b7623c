"""Right answer written differently: a thread loads the next batch while the main loop reads every loss at once, so the wait for each loss overlaps the loading of the next batch; the thread is stopped and joined before the function returns."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    import queue
    import threading

    ready = queue.Queue(maxsize=1)
    stop = threading.Event()
    done = object()

    def load():
        for batch in batches:
            while not stop.is_set():
                try:
                    ready.put(batch, timeout=0.01)
                    break
                except queue.Full:
                    continue
            if stop.is_set():
                return
        ready.put(done)

    loader = threading.Thread(target=load, daemon=True)
    loader.start()
    try:
        i = 0
        while (batch := ready.get()) is not done:
            if step(batch).asscalar() < target:
                return i
            i += 1
        return None
    finally:
        stop.set()
        loader.join()
