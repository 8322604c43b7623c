"""Tells the checks apart by the source's speed: a wait at every step when reads are quick, none until the end when they are slow. Both checks' sources are now equally slow, so it never waits in time. Found by a review (3/3 before)."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 0,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-run-steps
def run_steps(read_batch, w, steps):
    losses, slow = [], False
    for _ in range(steps):
        start = time.perf_counter()
        batch = read_batch()
        slow = slow or time.perf_counter() - start > 0.002
        loss = nd.dot(batch, w).mean()
        if not slow:
            loss.wait_to_read()
        losses.append(loss)
    return [loss.asscalar() for loss in losses]
