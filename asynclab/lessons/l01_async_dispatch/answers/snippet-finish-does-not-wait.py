"""The snippet's 'finish' block never waits, so under the threaded engine enqueueing looks like all of the work."""

EXPECT = {
    "queue-vs-finish": 2,
    "timing-includes-compute": 2,
    "naive-closes-gap": 0,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = """
from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(2000, 2000))
y = nd.random.uniform(shape=(2000, 2000))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, y) + 2
    with Benchmark("finish", quiet=True):
        pass
    nd.waitall()
"""
