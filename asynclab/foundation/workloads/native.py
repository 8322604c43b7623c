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

Threads: NumPy's bundled OpenBLAS spreads one matrix product over every
core. :func:`one_blas_thread` pins it to one thread, so that parallelism
has to come from running several products at once; :func:`blas_threads`
reads the current count.

Foundation layer.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import glob
import os
import sys
from collections.abc import Callable, Iterator
from functools import lru_cache

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


# ---------------------------------------------------------------- OpenBLAS threads


@lru_cache(maxsize=1)
def _openblas() -> tuple[Callable[[int], None], Callable[[], int]] | None:
    """NumPy's bundled OpenBLAS as (set_num_threads, get_num_threads), or None.

    pip wheels of NumPy ship OpenBLAS next to the package (numpy.libs on
    Linux, numpy/.dylibs on macOS, numpy/.libs on Windows); its functions are
    called through ctypes. Other builds (MKL, Accelerate) give None.
    """
    import numpy as np

    here = os.path.dirname(np.__file__)
    patterns = [
        here + ".libs/*openblas*",
        os.path.join(here, ".dylibs", "*openblas*"),
        os.path.join(here, ".libs", "*openblas*"),
    ]
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            for suffix in ("64_", ""):
                setter = getattr(lib, f"openblas_set_num_threads{suffix}", None)
                getter = getattr(lib, f"openblas_get_num_threads{suffix}", None)
                if setter is not None and getter is not None:
                    setter.argtypes, getter.restype = [ctypes.c_int], ctypes.c_int
                    return setter, getter
    return None


def blas_threads() -> int | None:
    """How many threads NumPy's OpenBLAS uses for one product (None: unknown)."""
    funcs = _openblas()
    return None if funcs is None else int(funcs[1]())


@contextlib.contextmanager
def one_blas_thread() -> Iterator[bool]:
    """Inside the block NumPy's matrix products use one thread each.

    Yields True when OpenBLAS could be pinned, False when this NumPy has no
    OpenBLAS to pin (then use :func:`asynclab.foundation.workloads.busy.busy_sort` for
    single-threaded work). The previous thread count comes back at the end.
    """
    funcs = _openblas()
    if funcs is None:
        yield False
        return
    setter, getter = funcs
    before = int(getter())
    setter(1)
    try:
        yield True
    finally:
        setter(before)
