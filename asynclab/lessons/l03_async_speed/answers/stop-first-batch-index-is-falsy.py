"""train_until reads each loss one step behind, as the solution does, but tests the pending batch's index for
truth (`if pending and ...`) instead of against None: index 0 is falsy, so the first batch's loss is never read.
When the first batch's loss is already below the target it runs on and returns 1 (or None with a single batch),
where the step asks for 0. It passed while the check's stops were batches 6-12, the last and none; the check now
also asks, untimed, with every loss below the target."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    """Index of the first batch whose loss is below target; step runs on at most one batch after it."""
    pending, pending_loss = None, None  # the last batch issued, whose loss is not read yet
    for i, batch in enumerate(batches):
        loss = step(batch)
        if pending and pending_loss.asscalar() < target:  # computed while this batch loaded
            return pending
        pending, pending_loss = i, loss
    if pending and pending_loss.asscalar() < target:
        return pending
    return None
