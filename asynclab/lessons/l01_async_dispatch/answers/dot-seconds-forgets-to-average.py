"""dot_seconds times five products to be precise but returns the total, not the time of one."""

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
    """Seconds the back end needs to compute dot(x, x), over several runs."""
    runs = 5
    start = time.perf_counter()
    for _ in range(runs):
        nd.dot(x, x)
    nd.waitall()
    return time.perf_counter() - start
