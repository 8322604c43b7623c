"""Lesson 01's snippet, which relies on run_with_engine to set the engine, pasted as is: nothing switches it."""

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

x = nd.random.uniform(shape=(N, N))
x.wait_to_read()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        y = nd.dot(x, x)
    with Benchmark("finish", quiet=True):
        y.wait_to_read()
"""
