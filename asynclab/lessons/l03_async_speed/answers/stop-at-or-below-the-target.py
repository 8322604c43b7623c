"""train_until reads one step behind, as it should, but stops at the first loss at or below the target (<=), not
below it: a batch whose loss equals the target is returned although the step asks for "the first batch whose loss
is below target". Every target the check set lay strictly between two losses, or below or above all of them, until
one of its untimed loops took a batch's loss itself as the target."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    """Index of the first batch whose loss is below target; step runs on at most one batch after it."""
    waiting = None  # index and loss of the step issued last, not read yet
    for i, batch in enumerate(batches):
        loss = step(batch)
        if waiting is not None and waiting[1].asscalar() <= target:  # reached the target
            return waiting[0]
        waiting = (i, loss)
    if waiting is not None and waiting[1].asscalar() <= target:
        return waiting[0]
    return None
