"""The colleague's script as given: the engine is switched after the first operation, when MXNet has already started the threaded one."""

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

from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(N, N))
nd.waitall()
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
