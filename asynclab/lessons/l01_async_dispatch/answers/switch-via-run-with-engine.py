"""Starts a second process under NaiveEngine with the course's run_with_engine and re-records its figures: this process keeps the threaded engine."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 0,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = """
import time

from asynclab.foundation.backends import mxnet as mxb
from asynclab.foundation.timing import Benchmark

inner = (
    f"N = {N}\\n"
    "from mxnet import nd\\n"
    "from asynclab.foundation.timing import Benchmark\\n"
    "x = nd.random.uniform(shape=(N, N))\\n"
    "nd.waitall()\\n"
    "for _ in range(3):\\n"
    "    with Benchmark('enqueue', quiet=True):\\n"
    "        z = nd.dot(x, x) + 2\\n"
    "    with Benchmark('finish', quiet=True):\\n"
    "        z.wait_to_read()\\n"
)
run = mxb.run_with_engine(inner, "NaiveEngine")
for label, seconds in run.records:
    with Benchmark(label, quiet=True):
        time.sleep(seconds)
"""
