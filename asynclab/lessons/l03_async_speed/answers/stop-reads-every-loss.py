"""train_until reads each loss right after issuing its step, as the check's own loop does: the back end idles while every batch loads."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    for i, batch in enumerate(batches):
        if step(batch).asscalar() < target:
            return i
    return None
