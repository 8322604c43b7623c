"""train_until reads each loss one step behind, asks whether the source yielded any batch at all (so the empty
source returns None), and reads the last batch's loss once the batches run out, but with the loop's own index:
`return i if ...` after a `for i, batch in enumerate(source, start=1)` that never ran when the source yielded
one batch only. On a one-batch source it raises UnboundLocalError instead of returning 0 or None, the mistake of
stop-empty-source-raises (the loop's variable read after the loop) one batch later. The check hands over a
one-batch source too."""

EXPECT = {"async-beats-sync": 0}


# %% ex1-train-until
def train_until(batches, step, target):
    """Index of the first batch whose loss is below target; step runs on at most one batch after it."""
    source = iter(batches)
    first = next(source, None)
    if first is None:  # no batch at all: no loss fell below the target
        return None
    previous = step(first)  # the step whose loss is not read yet
    for i, batch in enumerate(source, start=1):
        current = step(batch)  # issued before the previous loss is read: the back end keeps busy
        if previous.asscalar() < target:
            return i - 1
        previous = current
    return i if previous.asscalar() < target else None  # the last batch's loss
