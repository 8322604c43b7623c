"""Sets MXNET_ENGINE_TYPE after importing MXNet but before its first operation: the engine starts at that operation, so this works too."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = """
import os

from mxnet import nd
from asynclab.foundation.timing import Benchmark

os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
x = nd.random.uniform(shape=(N, N))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
