"""A right answer written another way: after issuing a step, it waits for the previous step's noise rather than its loss. The noise is made long before the product that uses it, so the wait costs nothing and the back end keeps its queue; a failed noise raises there, one read late."""

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
def run_steps(read_batch, w, scales):
    noises, losses = [], []
    for scale in scales:
        batch = read_batch()
        noise = nd.random.normal(0, scale, shape=batch.shape)
        losses.append(nd.dot(batch + noise, w).mean())
        if noises:
            noises[-1].wait_to_read()
        noises.append(noise)
    return [float(loss.asnumpy()[0]) for loss in losses]
