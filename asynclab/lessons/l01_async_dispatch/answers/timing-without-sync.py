"""dot_seconds(x) stops the clock without synchronizing: it times the enqueueing, not the compute."""

EXPECT = {
    "queue-vs-finish": 2,
    "timing-includes-compute": 0,
    "naive-closes-gap": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd


# %% ex2-dot-seconds
def dot_seconds(x):
    start = time.perf_counter()
    nd.dot(x, x)
    return time.perf_counter() - start
