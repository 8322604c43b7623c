"""Right, opening as a script of its own may: with ``from __future__ import annotations``, legal only as a
file's first statement. Then MXNET_ENGINE_TYPE set before the first operation, and the product timed as the
colleague did. The check hands the snippet N as a global name it starts with, not as a line put before its
source, which would move the future import to the second line (a SyntaxError)."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = """from __future__ import annotations

import os

os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"  # before the first operation: MXNet starts its engine then

from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(N, N))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
