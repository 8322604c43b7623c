"""finish(y) sleeps half a second instead of waiting for y: long enough for a 2000x2000 product."""

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
import time


def launch(x):
    return nd.dot(x, x)


def finish(y):
    time.sleep(0.5)  # "the product takes about 0.15 s, so this is plenty"
