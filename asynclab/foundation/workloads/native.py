"""Native calls that make measurements fair: glibc's allocator and OpenBLAS's threads.

Memory (Linux with glibc; elsewhere these calls do nothing and say so):
MXNet 1.x keeps no memory pool for CPU arrays; it asks the C library's
``malloc`` for each one, and glibc keeps freed blocks for reuse instead of
handing them back to the system. A second experiment in the same process
can then grow into memory the first one left behind and seem to need less.

- :func:`release_free_memory` finishes pending MXNet work, collects garbage
  and asks ``malloc`` to return what it keeps (``malloc_trim``);
- :func:`map_large_allocations` makes glibc give every block of at least
  :data:`EXACT_THRESHOLD` bytes its own pages and return them on free, so
  resident memory follows the arrays that are alive; :data:`EXACT_ENV` does
  the same for a fresh process (glibc's ``MALLOC_MMAP_THRESHOLD_``).

Threads: NumPy's bundled OpenBLAS spreads one matrix product over
``blas_threads`` of the compute budget (:mod:`asynclab.foundation.budget`).
:func:`one_blas_thread` limits it to one thread (threadpoolctl), so that
parallelism has to come from running several products at once;
:func:`blas_threads` reads the current count.

Foundation layer.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Iterator

from asynclab.foundation.budget import blas_controller
from asynclab.foundation.memory import MB

__all__ = [
    "release_free_memory",
    "map_large_allocations",
    "EXACT_THRESHOLD",
    "EXACT_ENV",
    "blas_threads",
    "one_blas_thread",
]


# ------------------------------------------------------------------- glibc malloc


def _libc():
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name or "libc.so.6")
        libc.malloc_trim  # noqa: B018 - only glibc has it
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _libc()


def release_free_memory() -> bool:
    """Finish pending MXNet work, collect garbage and hand freed heap memory back.

    Returns whether the C library could be asked to give memory back
    (glibc's ``malloc_trim``; elsewhere only the first two steps happen).
    """
    from asynclab.foundation.backends import mxnet as mxb

    mxb.sync_all()
    gc.collect()
    if _LIBC is None:
        return False
    _LIBC.malloc_trim(0)
    return True


_M_MMAP_THRESHOLD = -3  # from glibc's malloc.h
#: Bytes from which :func:`map_large_allocations` maps a block on its own pages (1 MB).
EXACT_THRESHOLD = MB
#: Environment that gives a fresh process the same setting.
EXACT_ENV = {"MALLOC_MMAP_THRESHOLD_": str(EXACT_THRESHOLD)}


def map_large_allocations(threshold_bytes: int = EXACT_THRESHOLD) -> bool:
    """Make glibc map every block of at least ``threshold_bytes`` on its own pages.

    Such a block goes back to the system as soon as it is freed, so resident
    memory follows the large arrays that are alive instead of what the
    allocator keeps for later; one batch of 1024x512 float32 (2.1 MB) is
    such a block. The setting lasts for the rest of the process (glibc no
    longer adapts its threshold) and makes each large allocation a little
    slower. Returns ``False`` where the C library is not glibc (nothing changes).
    """
    if isinstance(threshold_bytes, bool) or not isinstance(threshold_bytes, int) or threshold_bytes < 1:
        raise ValueError(f"threshold_bytes must be a positive integer, got {threshold_bytes!r}.")
    if _LIBC is None or not hasattr(_LIBC, "mallopt"):
        return False
    return bool(_LIBC.mallopt(_M_MMAP_THRESHOLD, threshold_bytes))


# ---------------------------------------------------------------- BLAS threads


def _numpy_blas():
    """threadpoolctl's controller of NumPy's BLAS (NumPy imported first, so that it is loaded).

    :func:`asynclab.foundation.budget.blas_controller`: every BLAS loaded but an OpenMP-built
    OpenBLAS (MXNet's), which follows the calling thread's OpenMP count instead.
    """
    import numpy  # noqa: F401  (loads NumPy's BLAS)

    return blas_controller()


def blas_threads() -> int | None:
    """How many threads NumPy's BLAS uses for one product (None: unknown)."""
    counts = [info["num_threads"] for info in _numpy_blas().info()]
    return min(counts) if counts else None


@contextlib.contextmanager
def one_blas_thread() -> Iterator[bool]:
    """Inside the block NumPy's matrix products use one thread each.

    Yields True when a BLAS pool could be limited to one thread, False when
    there is none that threadpoolctl can limit (then use
    :func:`asynclab.foundation.workloads.busy.busy_sort` for single-threaded
    work). The previous thread counts come back at the end.
    """
    controller = _numpy_blas()
    if not controller.lib_controllers:
        yield False
        return
    with controller.limit(limits=1):
        yield all(info["num_threads"] == 1 for info in controller.info())
