"""train_until sleeps a fixed millisecond after each step instead of waiting for it, then reads that step's loss: the read still waits, and the sleep adds to it."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    import time

    for i, batch in enumerate(batches):
        loss = step(batch)
        time.sleep(0.001)
        if loss.asscalar() < target:
            return i
    return None
