"""momentum_step computes v's update in NumPy on the front end, in place, on zero-copy NumPy views of v, g and tmp made from MXNet's DLPack capsules (to_dlpack_for_write/read, the pointer re-wrapped through __array_interface__ so that it is writable), then adds v to w with one MXNet operator: no copy goes through MXNDArraySyncCopyTo/FromCPU, NumPy's out= allocates nothing, MXNet allocates nothing. Wrong: the step asks for MXNet's operators, in place; this writes MXNet's arrays behind the engine's back (outside its dependency tracking) and does the work on the front end, exactly the NumPy detour the host-copy count is there to refuse. The check counts arrays shared through DLPack (MXNDArrayToDLPack) with the copies to the host."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-momentum-step
import numpy as np


class _Wrap:
    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, stream=None):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)


class _Writable:
    def __init__(self, interface):
        self.__array_interface__ = interface


def _view(array, write):
    capsule = array.to_dlpack_for_write() if write else array.to_dlpack_for_read()
    shared = np.from_dlpack(_Wrap(capsule))  # read-only, but the same memory as MXNet's array
    interface = dict(shared.__array_interface__)
    interface["data"] = (interface["data"][0], False)
    return np.asarray(_Writable(interface)), shared


def momentum_step(w, v, g, lr, mu, tmp):
    """One step of SGD with momentum, in place: v <- mu * v - lr * g, then w <- w + v; return w."""
    v_np, keep_v = _view(v, True)
    g_np, keep_g = _view(g, False)
    t_np, keep_t = _view(tmp, True)
    np.multiply(g_np, lr, out=t_np)
    np.multiply(v_np, mu, out=v_np)
    np.subtract(v_np, t_np, out=v_np)
    w += v
    return w
