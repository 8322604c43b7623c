"""Keeps the overlap by never waiting until every batch is read: a corrupt batch's error surfaces only at the end, after the whole source was read."""

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
    losses = [nd.dot(read_batch(), w).mean() for _ in range(steps)]
    return [loss.asscalar() for loss in losses]
