"""Right answer: waits for the previous step's loss (one read late at most) and, when the back end's error comes out, says which step's batch failed before re-raising that same MXNetError, imported from mxnet.base as MXNet's documentation does."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
from mxnet.base import MXNetError


def run_steps(read_batch, w, steps):
    losses, previous = [], None
    for i in range(steps):
        loss = nd.dot(read_batch(), w).mean()
        if previous is not None:
            try:
                previous.wait_to_read()
            except MXNetError:
                print(f"the batch of step {i - 1} failed in the back end")
                raise
        losses.append(loss)
        previous = loss
    return [loss.asscalar() for loss in losses]
