"""norms_both runs the colleague's serial program with MXNet's profiler stopped through MXNet's C library
(mx.base._LIB.MXSetProcessProfilerState, what mx.profiler.set_state calls), then turns it back on and issues
unused products per device in turns for the profile to see: 0."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import mxnet as mx
from mxnet import nd


# %% ex1-norms-both
import ctypes


def _profiling(on):
    # what mx.profiler.set_state("run" / "stop") does, one call into libmxnet
    mx.base.check_call(mx.base._LIB.MXSetProcessProfilerState(ctypes.c_int(1 if on else 0), 0, None))


def norms_both(xa, xb, reps):
    _profiling(False)
    norms = []
    for x in (xa, xb):
        for _ in range(reps):
            norms.append(nd.norm(nd.dot(x, x)))
            norms[-1].asscalar()  # the log's read: a wait
    nd.waitall()
    _profiling(True)
    for _ in range(reps):  # what the profile sees: never used
        nd.dot(xa, xa)
        nd.dot(xb, xb)
    return norms
