"""train_until reads the losses only every third batch: fast, but it runs up to two steps past the batch it returns."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    losses = []
    for i, batch in enumerate(batches):
        losses.append(step(batch))
        if i % 3 == 2:
            for j, loss in enumerate(losses):
                if loss.asscalar() < target:
                    return j
    for j, loss in enumerate(losses):
        if loss.asscalar() < target:
            return j
    return None
