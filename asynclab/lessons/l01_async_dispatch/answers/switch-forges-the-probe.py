"""Leaves the switch where the colleague had it (after the first operation, too late) and makes MXNet's dot wait for its own result, so that any later product looks as if NaiveEngine ran it: the check times its probe with the functions it held before the snippet, and says the snippet replaced one."""

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
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"

_dot = nd.dot


def dot_that_waits(*args, **kwargs):
    result = _dot(*args, **kwargs)
    result.wait_to_read()
    return result


nd.dot = dot_that_waits
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
