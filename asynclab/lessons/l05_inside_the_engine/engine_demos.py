"""Lesson 05's experiments: our engine next to MXNet's.

Nothing here draws: the functions return seconds, :class:`asynclab.foundation.timing.Split`
objects or records, and the notebooks hand them to :mod:`asynclab.foundation.plots`.

The workloads are single-threaded NumPy operations from
:mod:`asynclab.foundation.workloads.busy` (re-exported here): NumPy releases the GIL
inside a matrix product, so two products on two worker threads can really
run at once, but NumPy's OpenBLAS already spreads *one* product over every
core. :func:`one_blas_thread` pins OpenBLAS to one thread so that the
parallelism comes from the engine, the way MXNet's CPU operators use OpenMP
inside one worker thread. Every comparison is interleaved by
:func:`asynclab.foundation.timing.run_interleaved`. Lesson layer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from asynclab.foundation.engine import EngineBase, Var
from asynclab.foundation.timing import Split, run_interleaved, summarize
from asynclab.foundation.workloads.busy import PATTERNS, busy_matmul, busy_matmul_side, busy_op, busy_sort, two_ops
from asynclab.foundation.workloads.native import blas_threads, one_blas_thread

__all__ = [
    "one_blas_thread",
    "blas_threads",
    "busy_matmul",
    "busy_matmul_side",
    "busy_sort",
    "busy_op",
    "PATTERNS",
    "two_ops",
    "engine_split",
    "tiny_loop_ours",
    "tiny_loop_mxnet",
    "mxnet_pair",
    "MXNET_CONFIGS",
    "mxnet_runs",
    "pattern_times",
    "loop_times",
]


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


def tiny_loop_ours(engine: EngineBase, n: int, sync_each: bool, size: int = 100, timeout: float = 60.0) -> float:
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


def mxnet_pair(job: dict) -> None:
    """In a fresh process (:func:`mxnet_runs`): Benchmarks of one dot and of two independent dots.

    It measures (Benchmark labels) ``enqueue`` and ``finish`` of one dot,
    ``one`` dot to the end and ``two`` independent dots to the end, ``job["repeat"]``
    times, on ``job["size"]``-square float64 matrices, like the NumPy products of
    :func:`busy_matmul`, so that both engines are given the same work.
    """
    from mxnet import nd

    from asynclab.foundation.timing import Benchmark

    size = job["size"]
    a = nd.random.uniform(shape=(size, size), dtype="float64")
    b = nd.random.uniform(shape=(size, size), dtype="float64")
    nd.waitall()
    nd.dot(a, a).wait_to_read()
    for _ in range(job["repeat"]):
        with Benchmark("enqueue", quiet=True):
            y = nd.dot(a, a)
        with Benchmark("finish", quiet=True):
            y.wait_to_read()
        with Benchmark("one", quiet=True):
            nd.dot(a, a).wait_to_read()
        with Benchmark("two", quiet=True):
            y, _z = nd.dot(a, a), nd.dot(b, b)
            nd.waitall()


MXNET_CONFIGS = {
    "NaiveEngine": ("NaiveEngine", {}),
    "threaded, 1 CPU worker (default)": ("ThreadedEnginePerDevice", {}),
    "threaded, 2 CPU workers": ("ThreadedEnginePerDevice", {"MXNET_CPU_WORKER_NTHREADS": "2"}),
}


def mxnet_runs(size: int, repeat: int = 3) -> dict:
    """:func:`mxnet_pair` under each of :data:`MXNET_CONFIGS`, each in a fresh process.

    Every product runs on one OpenMP thread (``OMP_NUM_THREADS=1``), like our
    workloads under :func:`one_blas_thread`. Returns label -> ``EngineRun``.
    """
    from asynclab.foundation.backends.mxnet import run_program_with_engine

    job = {"size": size, "repeat": repeat}
    return {
        label: run_program_with_engine(
            f"{__name__}:mxnet_pair", engine_type, payload=job, env={"OMP_NUM_THREADS": "1", **env}
        )
        for label, (engine_type, env) in MXNET_CONFIGS.items()
    }


def pattern_times(
    first: Callable[[], object],
    second: Callable[[], object],
    repeat: int = 3,
    num_workers: int = 2,
    patterns: Sequence[str] = PATTERNS,
) -> tuple[float, dict[str, float], dict[str, list]]:
    """The pair one after the other, then on the engine in each of ``patterns`` (of :data:`PATTERNS`).

    All are interleaved (one warm-up call each). Returns (median seconds
    apart, median seconds per pattern, the spans of one more run per pattern
    for :func:`asynclab.foundation.plots.timeline`).
    """
    unknown = [p for p in patterns if p not in PATTERNS]
    if unknown:
        raise ValueError(f"unknown pattern(s) {', '.join(unknown)}: the patterns are {', '.join(PATTERNS)}")
    from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

    def apart() -> float:
        start = time.perf_counter()
        first()
        second()
        return time.perf_counter() - start

    spans: dict[str, list] = {}
    with Engine(num_workers=num_workers) as engine:

        def on_engine(pattern: str) -> Callable[[], float]:
            return lambda: two_ops(engine, first, second, pattern)

        probes = {"apart": apart, **{pattern: on_engine(pattern) for pattern in patterns}}
        runs = run_interleaved(probes, warmup=1, min_rounds=repeat).samples
        for pattern in patterns:
            engine.clear_records()
            two_ops(engine, first, second, pattern)
            spans[pattern] = engine.spans()
    seconds = {pattern: summarize(runs[pattern]).median for pattern in patterns}
    return summarize(runs["apart"]).median, seconds, spans


def loop_times(n: int = 1000, repeat: int = 3) -> dict[str, float]:
    """Median seconds of ``n`` tiny ops, waiting after each or once, on our engine and MXNet's.

    One short warm-up per engine, then the four loops interleaved.
    """
    from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

    with Engine(num_workers=2) as engine:
        tiny_loop_ours(engine, n // 5, sync_each=True)  # warm-up
        tiny_loop_mxnet(n // 5, sync_each=True)  # warm-up
        probes = {
            "ours, wait after each": lambda: tiny_loop_ours(engine, n, True),
            "ours, wait once": lambda: tiny_loop_ours(engine, n, False),
            "MXNet, wait after each": lambda: tiny_loop_mxnet(n, True),
            "MXNet, wait once": lambda: tiny_loop_mxnet(n, False),
        }
        runs = run_interleaved(probes, warmup=0, min_rounds=repeat).samples
    return {label: summarize(values).median for label, values in runs.items()}
