"""Switches the engine correctly but times a sleep in the 'enqueue' block instead of the product."""

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
import time

from asynclab.foundation.timing import Benchmark

for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        time.sleep(0.01)
    with Benchmark("finish", quiet=True):
        pass
"""
