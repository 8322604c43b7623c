"""dot_seconds(x) waits for its input x, which already exists, instead of the product."""

EXPECT = {
    "queue-vs-finish": 2,
    "timing-includes-compute": 0,
    "naive-closes-gap": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd
from asynclab.foundation.timing import Benchmark


# %% ex2-dot-seconds
def dot_seconds(x):
    with Benchmark("dot", quiet=True) as bench:
        y = nd.dot(x, x)
        x.wait_to_read()
    return bench.seconds
