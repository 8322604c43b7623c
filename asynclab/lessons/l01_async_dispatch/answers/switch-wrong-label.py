"""Switches the engine before the first operation, but waits in a block labelled 'done', not 'finish': the check finds no finish timing."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 0,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = """
import os

os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(2000, 2000))
y = nd.random.uniform(shape=(2000, 2000))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, y) + 2
    with Benchmark("done", quiet=True):
        z.wait_to_read()
"""
