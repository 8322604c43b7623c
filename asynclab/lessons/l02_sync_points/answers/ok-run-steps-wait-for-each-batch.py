"""A right answer written another way: it waits for each batch as soon as it is read. The batch's decoding queues behind the step before, which the back end computed during the read, so the wait costs little; a corrupt batch raises at its own read."""

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
def run_steps(read_batch, w, steps):
    losses = []
    for _ in range(steps):
        batch = read_batch()
        batch.wait_to_read()
        losses.append(nd.dot(batch, w).mean())
    return [float(loss.asnumpy()[0]) for loss in losses]
