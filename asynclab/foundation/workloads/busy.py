"""Single-threaded NumPy work of a chosen duration, and two operations pushed on an engine.

NumPy releases the GIL inside a matrix product and inside a sort, so two
such operations on two worker threads can really run at once, provided
each uses one core: call :func:`busy_matmul` inside
:func:`asynclab.foundation.workloads.native.one_blas_thread`, or use :func:`busy_sort`,
which is single-threaded anyway. Sizes are calibrated once per process so
that one call takes about ``seconds``.

:func:`two_ops` pushes two operations on an engine in one of
:data:`PATTERNS` and returns the seconds until both finished.

Foundation layer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from asynclab.foundation.engine import EngineBase
from asynclab.foundation.workloads.native import blas_threads

__all__ = ["busy_matmul", "busy_matmul_side", "busy_sort", "busy_op", "PATTERNS", "two_ops"]


def _best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


@lru_cache(maxsize=8)
def _matmul_size(seconds: float, threads: int | None) -> int:
    """Side of a square float64 matrix whose product takes about ``seconds``."""
    probe = np.random.default_rng(0).random((600, 600))
    t = _best_of(lambda: probe @ probe)
    n = 600 * (seconds / max(t, 1e-6)) ** (1 / 3)
    return int(min(max(round(n / 50) * 50, 100), 4000))


def busy_matmul_side(seconds: float = 0.2) -> int:
    """The side of the square matrices :func:`busy_matmul` uses for ``seconds`` (current BLAS threads)."""
    return _matmul_size(float(seconds), blas_threads())


def busy_matmul(seconds: float = 0.2, seed: int = 0) -> Callable[[], np.ndarray]:
    """A function computing one float64 matrix product that takes about ``seconds``.

    The size is calibrated once per process for the current OpenBLAS thread
    count; call it inside ``one_blas_thread()`` to calibrate for one thread.
    """
    n = busy_matmul_side(seconds)
    a = np.random.default_rng(seed).random((n, n))

    def matmul() -> np.ndarray:
        return a @ a

    return matmul


@lru_cache(maxsize=8)
def _sort_length(seconds: float) -> int:
    probe = np.random.default_rng(0).random(200_000)
    t = _best_of(lambda: np.sort(probe))
    return int(min(max(200_000 * seconds / max(t, 1e-6), 10_000), 50_000_000))


def busy_sort(seconds: float = 0.2, seed: int = 0) -> Callable[[], np.ndarray]:
    """A function sorting a float64 array in about ``seconds``: one thread, GIL released."""
    data = np.random.default_rng(seed).random(_sort_length(float(seconds)))

    def sort() -> np.ndarray:
        return np.sort(data)

    return sort


def busy_op(seconds: float = 0.2, seed: int = 0, *, pinned: bool = True) -> Callable[[], np.ndarray]:
    """A single-threaded, GIL-free op: a product when OpenBLAS is ``pinned``, else a sort."""
    return busy_matmul(seconds, seed) if pinned else busy_sort(seconds, seed)


#: How :func:`two_ops` connects its two operations.
PATTERNS = ("independent", "shared input", "dependent")


def two_ops(
    engine: EngineBase,
    first: Callable[[], object],
    second: Callable[[], object],
    pattern: str = "independent",
    timeout: float = 60.0,
) -> float:
    """Push two operations in one of :data:`PATTERNS`; seconds until both finished.

    - ``independent``: each writes its own variable;
    - ``shared input``: both read ``x`` and write their own variable (B = A + 1, C = A + 2);
    - ``dependent``: the second reads what the first writes (read after write).

    ``timeout`` (seconds) bounds each wait.
    """
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {', '.join(PATTERNS)}, not {pattern!r}.")
    x, a, b = engine.new_var("x"), engine.new_var("a"), engine.new_var("b")
    engine.wait_all(timeout=timeout)
    start = time.perf_counter()
    if pattern == "independent":
        engine.push(first, mutates=[a], name="first")
        engine.push(second, mutates=[b], name="second")
    elif pattern == "shared input":
        engine.push(first, reads=[x], mutates=[a], name="first")
        engine.push(second, reads=[x], mutates=[b], name="second")
    else:
        engine.push(first, mutates=[a], name="first")
        engine.push(second, reads=[a], mutates=[b], name="second")
    engine.wait_all(timeout=timeout)
    return time.perf_counter() - start
