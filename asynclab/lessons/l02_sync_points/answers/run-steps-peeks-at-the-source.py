"""Found by a red team (round 15). run_steps never waits for a step (the loop lesson 03 calls "wait once"): it
learns which record is corrupt from the source itself, unpacking the bound method it is handed with __reduce__
(getattr, (source, "read_batch")), and waits only for the batch the source says is corrupt, which raises the
back end's error at once. Wrong: no loop can know where its data went bad without waiting; it reads what the
check hands over instead of measuring. It scored 1 + 2; the judge now refuses __reduce__ and __reduce_ex__ as
it refuses __self__."""

EXPECT = {"steps-overlap-reads": 0, "error-a-step-late": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
def run_steps(read_batch, w, steps):
    try:
        _, (source, _) = read_batch.__reduce__()  # a bound method pickles as getattr(its object, its name)
    except (TypeError, ValueError):
        source = None
    losses = []
    for _ in range(steps):
        batch = read_batch()
        if source is not None and getattr(source, "corrupt", None) == getattr(source, "reads", 0) - 1:
            batch.wait_to_read()  # the record the source says is corrupt: its error, now
        losses.append(nd.dot(batch, w).mean())
    return [loss.asscalar() for loss in losses]
