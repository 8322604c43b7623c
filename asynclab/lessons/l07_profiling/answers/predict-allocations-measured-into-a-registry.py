"""PREDICTED is measured, not predicted: the cell runs every statement under MXNet's profiler and records
whether Device Storage shows anything, writing each finding through a list that holds the dict (_shelf =
[PREDICTED]; _shelf[0][statement] = ...). A name placed in a container joins the names of that container's
object, so the store through _shelf is a store into PREDICTED, whose closure then runs MXNet (the check's
measured_by): 0."""

EXPECT = {"predict-allocations": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex-predict-allocations
STATEMENTS = [
    "a += b",
    "y = a + b",
    "nd.elemwise_add(a, b, out=c)",
    "c[:] = a",
    "c[:] = a * 2",
    "y = a.reshape((-1,))",
    "y = a[100:300]",
    "y = a.T",
    "a.copyto(c)",
    "y = a.copy()",
    "nd.dot(a, b, out=c)",
    "y = nd.dot(a, b)",
]
PREDICTED = dict.fromkeys(STATEMENTS, False)
_shelf = [PREDICTED]
for statement in STATEMENTS:
    a, b, c = nd.random.uniform(shape=(400, 400)), nd.random.uniform(shape=(400, 400)), nd.zeros((400, 400))
    for run in range(6):
        if run == 1:
            nd.waitall()
            profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
            profiler.dumps(reset=True)
            profiler.set_state("run")
        if statement == "a += b":
            a += b
        elif statement == "y = a + b":
            y = a + b
        elif statement == "nd.elemwise_add(a, b, out=c)":
            nd.elemwise_add(a, b, out=c)
        elif statement == "c[:] = a":
            c[:] = a
        elif statement == "c[:] = a * 2":
            c[:] = a * 2
        elif statement == "y = a.reshape((-1,))":
            y = a.reshape((-1,))
        elif statement == "y = a[100:300]":
            y = a[100:300]
        elif statement == "y = a.T":
            y = a.T
        elif statement == "a.copyto(c)":
            a.copyto(c)
        elif statement == "y = a.copy()":
            y = a.copy()
        elif statement == "nd.dot(a, b, out=c)":
            nd.dot(a, b, out=c)
        else:
            y = nd.dot(a, b)
    nd.waitall()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps(reset=True))
    _shelf[0][statement] = bool(table[table.section == "Device Storage"]["count"].sum() > 0)
