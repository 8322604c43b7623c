"""Leaves the engine alone and waits for z inside the 'enqueue' block: enqueueing looks as long as under NaiveEngine, but the threaded engine is the one in effect."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 0,
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
        z.wait_to_read()
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
