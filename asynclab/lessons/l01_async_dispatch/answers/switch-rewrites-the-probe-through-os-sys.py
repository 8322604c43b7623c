"""Leaves the colleague's bug (MXNET_ENGINE_TYPE set after the first operation: the threaded engine stays in
effect), waits for z inside its 'enqueue' block, and rewrites the check's probe: the sys module, reached as an
attribute of os (`os.sys.modules`), finds the check's held probe module, whose recorders it wraps so that the
probe's wait is reported inside its call. The threaded engine would read as NaiveEngine. The check refuses a
snippet that reaches sys (or the table of modules) through another module's attribute."""

EXPECT = {"engine-switch-fixed": 0}


# %% ex3-snippet
SNIPPET = """
import os

from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(N, N))
nd.waitall()
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"


def as_if_naive(tell):
    # report a call and its wait as NaiveEngine would: all of the time in the call, none in the wait
    calls = {}

    def told(label, seconds):
        if label.startswith("asynclab-probe: call"):
            calls[label] = seconds
        elif label.startswith("asynclab-probe: wait"):
            call = label.replace("wait", "call", 1)
            tell(call, calls.pop(call, 0.0) + seconds)
            tell(label, 0.0)
        else:
            tell(label, seconds)

    return told


for name, module in list(os.sys.modules.items()):
    if name.startswith("_asynclab_probe_"):
        module.listeners[:] = [as_if_naive(tell) for tell in module.listeners]

for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
        z.wait_to_read()
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
