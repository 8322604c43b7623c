"""train_until is lesson 03's loop that waits once: it issues a step for every batch, waits at the end and then looks for the first loss below the target, every step after it computed in vain."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    losses = [step(batch) for batch in batches]
    nd.waitall()
    for i, loss in enumerate(losses):
        if loss.asscalar() < target:
            return i
    return None
