"""train_until reads one step behind but returns the index of the batch it was on when it noticed, one too many."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    unread = None
    for i, batch in enumerate(batches):
        loss = step(batch)
        if unread is not None and unread.asscalar() < target:
            return i
        unread = loss
    return None
