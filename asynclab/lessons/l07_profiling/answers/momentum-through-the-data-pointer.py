"""momentum_step is momentum-through-dlpack by another road: it asks MXNet's C library for each array's data
pointer (MXNDArrayGetData, the function the check itself uses to find g's bytes) and wraps it in a NumPy view
with ctypes, computes v's update in NumPy in place (out=: nothing allocated, on the host or in MXNet), then
adds v to w with one MXNet operator. No value goes through MXNDArraySyncCopyTo/FromCPU nor through DLPack, so
the check's count of host copies sees nothing. Wrong: the step's work is done by NumPy on the front end,
writing MXNet's memory behind the engine's back. Found by a red team (round 15); the judge refuses ctypes
before it runs."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-momentum-step
import ctypes

import numpy as np
from mxnet.base import _LIB


def _host_view(array):
    address = ctypes.c_void_p()
    _LIB.MXNDArrayGetData(array.handle, ctypes.byref(address))
    buffer = (ctypes.c_float * array.size).from_address(address.value)
    return np.ctypeslib.as_array(buffer)


def momentum_step(w, v, g, lr, mu, tmp):
    """One step of SGD with momentum, in place: v <- mu * v - lr * g, then w <- w + v; return w."""
    nd.waitall()  # the caller's pending writes into g, v and w are done before NumPy reads them
    v_np, g_np, t_np = _host_view(v), _host_view(g), _host_view(tmp)
    np.multiply(g_np, lr, out=t_np)
    np.multiply(v_np, mu, out=v_np)
    np.subtract(v_np, t_np, out=v_np)
    w += v
    return w
