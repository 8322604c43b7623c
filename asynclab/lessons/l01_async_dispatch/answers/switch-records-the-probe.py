"""Leaves the switch too late and records the probe's figures itself, under the labels the check once used ("asynclab-probe: call" taking all the time): the check's labels carry a value drawn for each run, so the forged records are not the probe's."""

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
import time

from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(N, N))
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
        z.wait_to_read()
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
    with Benchmark("asynclab-probe: call", quiet=True):
        time.sleep(0.05)
    with Benchmark("asynclab-probe: wait", quiet=True):
        pass
"""
