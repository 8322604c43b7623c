"""dot_seconds times a fixed sleep that is 'surely long enough' for the product, not the product."""

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
    """Seconds the back end needs to compute dot(x, x)."""
    start = time.perf_counter()
    nd.dot(x, x)
    time.sleep(0.2)  # the product is done by then
    return time.perf_counter() - start
