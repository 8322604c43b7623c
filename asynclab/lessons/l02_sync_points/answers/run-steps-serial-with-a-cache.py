"""The lesson's loop that waits for every step before the next read (no overlap), plus a cache of the losses per weight array: called again with the same w and steps, it reads the batches and returns the losses it kept, computing nothing."""

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
_kept = []  # (w, steps, losses): w kept alive, so that a new array is never taken for it


def run_steps(read_batch, w, steps):
    """The loss of every step, in order, as numbers."""
    for weights, count, losses in _kept:
        if weights is w and count == steps:
            for _ in range(steps):
                read_batch()  # the source must still be read
            return list(losses)
    losses = []
    for _ in range(steps):
        loss = nd.dot(read_batch(), w).mean()
        losses.append(loss.asscalar())  # wait for every step: a corrupt batch raises right here
    _kept.append((w, steps, losses))
    return list(losses)
