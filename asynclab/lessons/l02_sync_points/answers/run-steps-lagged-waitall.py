"""A wait one step behind written as nd.waitall() before each read: it waits for the step just issued too (no overlap), and for every other operation, failed ones included."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 0,
    "error-a-step-late": 0,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
def run_steps(read_batch, w, steps):
    losses = []
    for _ in range(steps):
        if losses:
            nd.waitall()
        losses.append(nd.dot(read_batch(), w).mean())
    nd.waitall()
    return [loss.asscalar() for loss in losses]
