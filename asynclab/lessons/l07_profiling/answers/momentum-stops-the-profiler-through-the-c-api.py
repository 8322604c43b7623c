"""momentum_step makes a fresh array at every step (v -= lr * g) while MXNet's profiler is stopped through MXNet's
C library (mx.base._LIB.MXSetProcessProfilerState), then turns it back on and adds v to w in place
(momentum-stops-the-profiler by another road): 0."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import mxnet as mx
from mxnet import nd


# %% ex3-momentum-step
import ctypes


def momentum_step(w, v, g, lr, mu, tmp):
    state = mx.base._LIB.MXSetProcessProfilerState
    mx.base.check_call(state(ctypes.c_int(0), 0, None))
    v *= mu
    v -= lr * g
    nd.waitall()
    mx.base.check_call(state(ctypes.c_int(1), 0, None))
    w += v
    return w
