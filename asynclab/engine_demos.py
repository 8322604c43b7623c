"""Workloads and side-by-side experiments for lesson 05 (our engine next to MXNet's).

Nothing here draws: the functions return seconds, :class:`asynclab.timing.Split`
objects or records, and the notebooks hand them to :mod:`asynclab.plots`.

Two facts shape the workloads:

- NumPy releases the GIL inside a matrix product, so two products on two
  worker threads can really run at once;
- but NumPy's OpenBLAS already spreads *one* product over every core. Two
  products then have no idle core to share. :func:`one_blas_thread` pins
  OpenBLAS to one thread so that the parallelism comes from the engine, the
  way MXNet's CPU operators use OpenMP inside one worker thread.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import time
from functools import lru_cache
from typing import Callable, Iterator

import numpy as np

from asynclab.engine import EngineBase, Var
from asynclab.timing import Split

__all__ = ["one_blas_thread", "blas_threads", "matmul", "matmul_side", "sorting", "busy_op", "mxnet_runs",
           "two_ops", "engine_split", "tiny_loop_ours", "tiny_loop_mxnet", "mxnet_pair_snippet",
           "pattern_times", "loop_times"]


# ---------------------------------------------------------------- OpenBLAS threads

@lru_cache(maxsize=1)
def _openblas() -> tuple[Callable[[int], None], Callable[[], int]] | None:
    """NumPy's bundled OpenBLAS as (set_num_threads, get_num_threads), or None.

    pip wheels of NumPy ship OpenBLAS next to the package (numpy.libs on
    Linux, numpy/.dylibs on macOS, numpy/.libs on Windows); its functions are
    called through ctypes. Other builds (MKL, Accelerate) give None.
    """
    here = os.path.dirname(np.__file__)
    patterns = [here + ".libs/*openblas*", os.path.join(here, ".dylibs", "*openblas*"),
                os.path.join(here, ".libs", "*openblas*")]
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
    OpenBLAS to pin (then use :func:`sorting` for single-threaded work).
    The previous thread count comes back at the end.
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


# ---------------------------------------------------------------- workloads

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


def matmul(seconds: float = 0.2, seed: int = 0) -> Callable[[], np.ndarray]:
    """A function computing one matrix product that takes about ``seconds``.

    The size is calibrated once per process for the current OpenBLAS thread
    count; call it inside :func:`one_blas_thread` to calibrate for one thread.
    """
    n = _matmul_size(float(seconds), blas_threads())
    a = np.random.default_rng(seed).random((n, n))

    def matmul() -> np.ndarray:
        return a @ a

    return matmul


@lru_cache(maxsize=8)
def _sort_length(seconds: float) -> int:
    probe = np.random.default_rng(0).random(200_000)
    t = _best_of(lambda: np.sort(probe))
    return int(min(max(200_000 * seconds / max(t, 1e-6), 10_000), 50_000_000))


def sorting(seconds: float = 0.2, seed: int = 0) -> Callable[[], np.ndarray]:
    """A function sorting an array in about ``seconds``: one thread, GIL released."""
    data = np.random.default_rng(seed).random(_sort_length(float(seconds)))

    def sort() -> np.ndarray:
        return np.sort(data)

    return sort


def busy_op(seconds: float = 0.2, seed: int = 0, *, pinned: bool = True) -> Callable[[], np.ndarray]:
    """A single-threaded, GIL-free op: a product when OpenBLAS is ``pinned``, else a sort."""
    return matmul(seconds, seed) if pinned else sorting(seconds, seed)


# ---------------------------------------------------------------- experiments on our engine

PATTERNS = ("independent", "shared input", "dependent")


def two_ops(engine: EngineBase, first: Callable[[], object], second: Callable[[], object],
            pattern: str = "independent", timeout: float = 60.0) -> float:
    """Push two operations in one of :data:`PATTERNS`; seconds until both finished.

    - ``independent``: each writes its own variable;
    - ``shared input``: both read ``x`` and write their own variable (B = A + 1, C = A + 2);
    - ``dependent``: the second reads what the first writes (read after write).
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


def engine_split(engine: EngineBase, work: Callable[[], object], timeout: float = 60.0) -> Split:
    """Time pushing ``work`` (enqueue) and then waiting for its variable (finish)."""
    var = engine.new_var("y")
    engine.wait_all(timeout=timeout)
    start = time.perf_counter()
    engine.push(work, mutates=[var], name="work")
    issued = time.perf_counter()
    engine.wait_for_var(var, timeout=timeout)
    done = time.perf_counter()
    return Split(enqueue=issued - start, finish=done - issued)


def tiny_loop_ours(engine: EngineBase, n: int, sync_each: bool, size: int = 100,
                   timeout: float = 60.0) -> float:
    """Seconds for ``n`` pushes of ``x += 1`` on a small array, waiting after each or once."""
    data = np.zeros(size)
    x: Var = engine.new_var("x")

    def add_one() -> None:
        np.add(data, 1, out=data)

    engine.wait_all(timeout=timeout)
    start = time.perf_counter()
    for _ in range(n):
        engine.push(add_one, mutates=[x], name="x += 1")
        if sync_each:
            engine.wait_for_var(x, timeout=timeout)
    engine.wait_for_var(x, timeout=timeout)
    return time.perf_counter() - start


def tiny_loop_mxnet(n: int, sync_each: bool, size: int = 100) -> float:
    """The same loop on MXNet: ``x += 1`` on a small NDArray, ``wait_to_read`` after each or once."""
    from mxnet import nd

    x = nd.zeros((size,))
    nd.waitall()
    start = time.perf_counter()
    for _ in range(n):
        x += 1
        if sync_each:
            x.wait_to_read()
    x.wait_to_read()
    return time.perf_counter() - start


def mxnet_pair_snippet(size: int, repeat: int = 3) -> str:
    """Source for :func:`asynclab.backends.mxnet.run_with_engine`.

    It measures (Benchmark labels) ``enqueue`` and ``finish`` of one dot,
    ``one`` dot to the end and ``two`` independent dots to the end.
    """
    return f"""
from mxnet import nd
from asynclab.timing import Benchmark
a = nd.random.uniform(shape=({size}, {size}))
b = nd.random.uniform(shape=({size}, {size}))
nd.waitall()
nd.dot(a, a).wait_to_read()
for _ in range({repeat}):
    with Benchmark("enqueue", quiet=True):
        y = nd.dot(a, a)
    with Benchmark("finish", quiet=True):
        y.wait_to_read()
    with Benchmark("one", quiet=True):
        nd.dot(a, a).wait_to_read()
    with Benchmark("two", quiet=True):
        y, z = nd.dot(a, a), nd.dot(b, b)
        nd.waitall()
"""


MXNET_CONFIGS = {
    "NaiveEngine": ("NaiveEngine", {}),
    "threaded, 1 CPU worker (default)": ("ThreadedEnginePerDevice", {}),
    "threaded, 2 CPU workers": ("ThreadedEnginePerDevice", {"MXNET_CPU_WORKER_NTHREADS": "2"}),
}


def mxnet_runs(size: int, repeat: int = 3) -> dict:
    """:func:`mxnet_pair_snippet` under each of :data:`MXNET_CONFIGS`, each in a fresh process.

    Every product runs on one OpenMP thread (``OMP_NUM_THREADS=1``), like our
    workloads under :func:`one_blas_thread`. Returns label -> ``EngineRun``.
    """
    from asynclab.backends.mxnet import run_with_engine

    code = mxnet_pair_snippet(size, repeat)
    return {label: run_with_engine(code, engine_type, env={"OMP_NUM_THREADS": "1", **env})
            for label, (engine_type, env) in MXNET_CONFIGS.items()}


def matmul_side(seconds: float = 0.2) -> int:
    """The side of the square matrices :func:`matmul` uses for ``seconds`` (current BLAS threads)."""
    return _matmul_size(float(seconds), blas_threads())


def pattern_times(first: Callable[[], object], second: Callable[[], object], repeat: int = 3,
                  num_workers: int = 2) -> tuple[float, dict[str, float], dict[str, list]]:
    """The pair one after the other, then on the engine in every one of :data:`PATTERNS`.

    Returns (median seconds apart, median seconds per pattern, the spans of
    one more run per pattern for :func:`asynclab.plots.timeline`).
    """
    from asynclab.engine import Engine
    from asynclab.timing import measure, summarize

    apart = measure(lambda: (first(), second()), repeat=repeat).median
    seconds: dict[str, float] = {}
    spans: dict[str, list] = {}
    for pattern in PATTERNS:
        with Engine(num_workers=num_workers) as engine:
            seconds[pattern] = summarize(two_ops(engine, first, second, pattern)
                                         for _ in range(repeat)).median
            engine.clear_records()
            two_ops(engine, first, second, pattern)
            spans[pattern] = engine.spans()
    return apart, seconds, spans


def loop_times(n: int = 1000, repeat: int = 3) -> dict[str, float]:
    """Median seconds of ``n`` tiny ops, waiting after each or once, on our engine and MXNet's."""
    from asynclab.engine import Engine
    from asynclab.timing import summarize

    times: dict[str, float] = {}
    with Engine(num_workers=2) as engine:
        tiny_loop_ours(engine, n // 5, sync_each=True)                  # warm-up
        for sync_each in (True, False):
            label = "ours, wait after each" if sync_each else "ours, wait once"
            times[label] = summarize(tiny_loop_ours(engine, n, sync_each) for _ in range(repeat)).median
    tiny_loop_mxnet(n // 5, sync_each=True)                               # warm-up
    for sync_each in (True, False):
        label = "MXNet, wait after each" if sync_each else "MXNet, wait once"
        times[label] = summarize(tiny_loop_mxnet(n, sync_each) for _ in range(repeat)).median
    return times
