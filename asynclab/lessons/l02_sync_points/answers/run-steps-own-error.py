"""The right lagged wait, but the back end's error replaced by one of its own, not raised from it: the caller loses what the back end said."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 0,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
def run_steps(read_batch, w, steps):
    losses, previous = [], None
    for i in range(steps):
        loss = nd.dot(read_batch(), w).mean()
        if previous is not None:
            try:
                previous.wait_to_read()
            except Exception:
                raise RuntimeError(f"batch {i} is corrupt") from None
        losses.append(loss)
        previous = loss
    return [loss.asscalar() for loss in losses]
