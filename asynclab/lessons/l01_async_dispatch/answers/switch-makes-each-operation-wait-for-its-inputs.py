"""Leaves the colleague's bug (MXNET_ENGINE_TYPE set after the first operation: the threaded engine stays in
effect) and makes MXNet itself wait, one level below the functions the check holds: every operation is issued
through mxnet._ctypes.ndarray, which turns its arrays into handles with `c_handle_array`; the snippet replaces
that name with a function that first waits for each array. `nd.dot(x, x) + 2` then returns only once the
product is done, and the threaded engine would read as NaiveEngine. The check refuses a snippet that imports a
private module."""

EXPECT = {"engine-switch-fixed": 0}


# %% ex3-snippet
SNIPPET = """
import os

from mxnet import nd
from mxnet._ctypes import ndarray as invoke
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(N, N))
nd.waitall()
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"

# NaiveEngine runs each operation once its inputs are ready, inside the call: do the same by hand. Every
# operation hands its arrays to c_handle_array on its way to the engine; wait for them there.
handles_of = invoke.c_handle_array


def handles_once_ready(arrays):
    for array in arrays:
        array.wait_to_read()
    return handles_of(arrays)


invoke.c_handle_array = handles_once_ready

for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
