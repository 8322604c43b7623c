"""Operators that write into an array's memory, counted where MXNet's C library is called.

Every MXNet operator issued from Python (``g *= lr``, ``g[:] = tmp``, ``tmp.copyto(g)``, ``nd.dot(a, b,
out=g)``, on ``g`` itself or on a view of it: a slice of rows, a reshape) goes through one call of MXNet's
C function ``MXImperativeInvokeEx``, looked up on the library object at each call, which receives the
handles of the arrays the operator writes into when they are given. Counting there sees a write however
the answer spelled it, and an array written and then restored (scaled by ``lr`` and back, or used as
scratch and copied back) is seen as written. Copies from NumPy go through ``MXNDArraySyncCopyFromCPU``,
which :mod:`asynclab.checks.host_copies` counts.
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
from collections.abc import Iterator

import numpy as np

__all__ = ["ArrayWrites", "writes_into"]

_INVOKE = "MXImperativeInvokeEx"


@dataclasses.dataclass
class ArrayWrites:
    """What happened within a :func:`writes_into` block: the operators that wrote into the watched array's
    memory."""

    operators: int = 0


def _data_address(lib, handle) -> int:
    """The address of the first value of the array behind ``handle`` (an ``NDArrayHandle`` or an int)."""
    address = ctypes.c_void_p()
    lib.MXNDArrayGetData(ctypes.c_void_p(getattr(handle, "value", handle)), ctypes.byref(address))
    return address.value or 0


@contextlib.contextmanager
def writes_into(array) -> Iterator[ArrayWrites]:
    """Within the block, count the operators issued on any thread that write into ``array``'s memory (an
    MXNet ``NDArray`` on the CPU): an output whose first value lies within ``array``'s bytes.

    The C function is replaced on MXNet's library object by a counting wrapper and put back when the
    block ends, even when it raises."""
    from mxnet.base import _LIB

    invoke = getattr(_LIB, _INVOKE)
    start = _data_address(_LIB, array.handle)
    end = start + array.size * np.dtype(array.dtype).itemsize
    found = ArrayWrites()

    def counted(op, num_inputs, inputs, num_outputs, outputs, *rest):
        # num_outputs and outputs come by reference (ctypes.byref): the objects are in ._obj
        count, handles = getattr(num_outputs, "_obj", None), getattr(outputs, "_obj", None)
        if count is not None and handles and count.value:
            for index in range(count.value):
                if start <= _data_address(_LIB, handles[index]) < end:
                    found.operators += 1
                    break
        return invoke(op, num_inputs, inputs, num_outputs, outputs, *rest)

    setattr(_LIB, _INVOKE, counted)
    try:
        yield found
    finally:
        setattr(_LIB, _INVOKE, invoke)
