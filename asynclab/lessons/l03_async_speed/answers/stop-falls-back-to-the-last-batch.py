"""train_until reads each loss one step behind, but when the loop runs out it returns the last batch's index
without reading its loss ("the loop ended, so the last batch must be where it stops"): when no loss ever falls
below the target it answers 15 instead of None. It passed while the check's untimed loop stopped at the last batch
and its timed loops at 6-12: the check now also asks, untimed, with a target that no batch reaches."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    unread = None
    for i, batch in enumerate(batches):
        loss = step(batch)
        if unread is not None and unread[1].asscalar() < target:
            return unread[0]
        unread = (i, loss)
    # nothing stopped us before: the last batch is where the loss fell below the target
    return unread[0] if unread is not None else None
