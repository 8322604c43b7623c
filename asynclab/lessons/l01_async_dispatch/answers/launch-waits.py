"""launch(x) waits for the product before returning, so enqueueing already pays for the compute."""

EXPECT = {
    "queue-vs-finish": 0,
    "timing-includes-compute": 2,
    "naive-closes-gap": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-launch-finish
def launch(x):
    y = nd.dot(x, x)
    y.wait_to_read()
    return y


def finish(y):
    y.wait_to_read()
