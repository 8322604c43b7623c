"""Copies of values between MXNet's arrays and the host, counted where MXNet's C library is called.

Every Python road that copies an array's values out to NumPy (``NDArray.asnumpy``, which ``asscalar``,
``float()`` and ``mx.np``'s ``asnumpy`` use, whatever name an answer saved it under) or in from NumPy
(``NDArray._sync_copyfrom``: ``a[:] = numpy_values``, ``nd.array``) ends in one call of MXNet's C
functions ``MXNDArraySyncCopyToCPU`` or ``MXNDArraySyncCopyFromCPU``, looked up on the library object
at each call. Counting there, rather than by replacing the Python methods, also counts the copies an
answer makes through a reference to the methods taken before the check began. An array shared with
NumPy without a copy (DLPack: ``to_dlpack_for_read``/``_for_write``, ``from_dlpack``, ``from_numpy``)
goes through ``MXNDArrayToDLPack`` or ``MXNDArrayFromDLPackEx``, counted as well: NumPy then reads and
writes MXNet's memory on the host, where the step's work was to be MXNet's. An array's values written out as
bytes (``NDArray.__getstate__``, which pickling calls: ``MXNDArraySaveRawBytes``) or saved to a file
(``nd.save``: ``MXNDArraySave``) are copies to the host too, counted with the values of the arrays.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator

__all__ = ["HostCopies", "host_copies"]

_TO_HOST, _FROM_HOST = "MXNDArraySyncCopyToCPU", "MXNDArraySyncCopyFromCPU"
_SHARED = ("MXNDArrayToDLPack", "MXNDArrayFromDLPackEx")
#: an array's values written out as bytes (``NDArray.__getstate__``, pickling) and arrays saved to a file
#: (``nd.save``): copies to the host by another road
_SAVED_RAW, _SAVED = "MXNDArraySaveRawBytes", "MXNDArraySave"


@dataclasses.dataclass
class HostCopies:
    """What was copied within a :func:`host_copies` block: calls and values (elements, not bytes) each way, and
    arrays shared with the host without a copy (DLPack, either way)."""

    to_host_calls: int = 0
    to_host_values: int = 0
    from_host_calls: int = 0
    from_host_values: int = 0
    shared: int = 0

    @property
    def calls(self) -> int:
        """Copies either way, and arrays shared."""
        return self.to_host_calls + self.from_host_calls + self.shared


def _size(value) -> int:
    """The element count MXNet's copy functions take as their third argument (a ``c_size_t`` or an int)."""
    return int(getattr(value, "value", value))


def _values(lib, handle) -> int:
    """How many values the array behind ``handle`` holds (its shape's product; 0 when it has none)."""
    import ctypes
    import math

    from mxnet.base import mx_int, mx_int64
    from mxnet.ndarray.ndarray import _int64_enabled

    if not isinstance(handle, ctypes.c_void_p):  # an item of a handle array is a plain int
        handle = ctypes.c_void_p(handle)
    ndim = mx_int()
    if _int64_enabled():
        shape = ctypes.POINTER(mx_int64)()
        lib.MXNDArrayGetShapeEx64(handle, ctypes.byref(ndim), ctypes.byref(shape))
    else:
        shape = ctypes.POINTER(mx_int)()
        lib.MXNDArrayGetShapeEx(handle, ctypes.byref(ndim), ctypes.byref(shape))
    return math.prod(shape[: ndim.value]) if ndim.value > 0 else 0


@contextlib.contextmanager
def host_copies() -> Iterator[HostCopies]:
    """Within the block, count every copy between MXNet's arrays and the host made on any thread.

    The two C functions are replaced on MXNet's library object by counting wrappers and put back when
    the block ends, even when it raises."""
    from mxnet.base import _LIB

    to_host, from_host = getattr(_LIB, _TO_HOST), getattr(_LIB, _FROM_HOST)
    sharing = {name: getattr(_LIB, name) for name in _SHARED}
    saved_raw, saved = getattr(_LIB, _SAVED_RAW), getattr(_LIB, _SAVED)
    found = HostCopies()

    def counted_saved_raw(handle, length, buffer):
        found.to_host_calls += 1
        found.to_host_values += _values(_LIB, handle)
        return saved_raw(handle, length, buffer)

    def counted_saved(fname, count, handles, keys):
        found.to_host_calls += 1
        found.to_host_values += sum(_values(_LIB, handles[i]) for i in range(_size(count)))
        return saved(fname, count, handles, keys)

    def counted_to(handle, data, size):
        found.to_host_calls += 1
        found.to_host_values += _size(size)
        return to_host(handle, data, size)

    def counted_from(handle, data, size):
        found.from_host_calls += 1
        found.from_host_values += _size(size)
        return from_host(handle, data, size)

    def counted_share(share):
        def counted(*args):
            found.shared += 1
            return share(*args)

        return counted

    setattr(_LIB, _TO_HOST, counted_to)
    setattr(_LIB, _FROM_HOST, counted_from)
    for name, share in sharing.items():
        setattr(_LIB, name, counted_share(share))
    setattr(_LIB, _SAVED_RAW, counted_saved_raw)
    setattr(_LIB, _SAVED, counted_saved)
    try:
        yield found
    finally:
        setattr(_LIB, _TO_HOST, to_host)
        setattr(_LIB, _FROM_HOST, from_host)
        setattr(_LIB, _SAVED_RAW, saved_raw)
        setattr(_LIB, _SAVED, saved)
        for name, share in sharing.items():
            setattr(_LIB, name, share)
