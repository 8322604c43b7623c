"""Switches to NaiveEngine before the first operation but times a product of side 1600 typed in, not of the side N the check defines: within 2x of the check's product at every N of 1400-1800, which it passed; the check now runs each round at a second N of 720-800 as well, where it is more than 2x off."""

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

x = nd.random.uniform(shape=(1600, 1600))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
