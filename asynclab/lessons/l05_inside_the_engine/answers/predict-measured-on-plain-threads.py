"""Measures instead of predicting, with no engine class at all: one thread per operation
of lab05.SCHEDULE, each waiting (threading.Event) for the operations before it on a variable it uses (a read
waits for earlier writes, a write for everything earlier), two workers as a Semaphore(2), every op sleeping
0.1 s; the rounds are read off the measured starts and ends. The step says a prediction computed by running an
engine is a measurement and scores 0; the judge's "measures" verdict looked only for the course's engine
classes, and now for threads and clocks too."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
import threading
import time


def _measure(schedule, seconds=0.1):
    done = [threading.Event() for _ in schedule]
    workers = threading.Semaphore(2)
    spans = {}
    ready_order = threading.Condition()
    queue = []

    def run(k, name, reads, writes):
        for j in range(k):
            _, r2, w2 = schedule[j]
            if any(v in w2 for v in (*reads, *writes)) or any(v in r2 for v in writes):
                done[j].wait()
        with ready_order:
            queue.append(k)
            ready_order.notify_all()
            while queue[0] != k:
                ready_order.wait()
        workers.acquire()
        with ready_order:
            queue.pop(0)
            ready_order.notify_all()
        start = time.perf_counter()
        time.sleep(seconds)
        spans[name] = (start, time.perf_counter())
        workers.release()
        done[k].set()

    threads = [threading.Thread(target=run, args=(k, *op)) for k, op in enumerate(schedule)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    t0 = min(start for start, _ in spans.values())
    rounds = {name: round((start - t0) / seconds) for name, (start, _) in spans.items()}
    return rounds


PREDICTED_ROUNDS = _measure(
    [
        ("load x", (), ("x",)),
        ("load y", (), ("y",)),
        ("load v", (), ("v",)),
        ("z = f(x, y)", ("x", "y"), ("z",)),
        ("x[:] = 0", (), ("x",)),
        ("w = g(v)", ("v",), ("w",)),
        ("print(x)", ("x",), ()),
        ("out = h(z, w)", ("z", "w"), ("out",)),
    ]
)
