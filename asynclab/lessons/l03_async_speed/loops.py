"""Lesson 03's experiments: loops of MXNet operations, waited on in different places.

The loops and their inputs live in :mod:`asynclab.foundation.workloads.matrices` and
are re-exported here (:func:`sync_loop`, :func:`async_loop`,
:func:`time_loop`, :func:`make_input`, :func:`add_one`, :func:`mx_dot`,
:func:`slow_source`). This module adds the lesson's experiments, all in
seconds and all interleaved by :func:`asynclab.foundation.timing.run_interleaved`:

- :func:`sweep` times both loops for several N;
- :func:`backend_seconds` asks MXNet's profiler how long one operation takes
  *inside* the back end;
- :func:`bulk_cost` / :func:`bulk_sweep` measure bulk execution
  (``mx.engine.bulk``) on tiny operations;
- :func:`t1_split` splits a tiny operation's issuing cost ``t1`` into the
  threaded engine's per-push share and the front end's own path;
- :func:`batch_loop` / :func:`time_batches` / :func:`delay_runs` / :func:`delay_sweep` run a step
  over batches from a slow source, waiting every time or once at the end.

The models fitted to these figures live in :mod:`asynclab.lessons.l03_async_speed.models`. Lesson layer.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from asynclab.foundation.timing import Samples, run_interleaved, summarize
from asynclab.foundation.workloads.matrices import (
    ArrayOp,
    LoopTiming,
    add_one,
    async_loop,
    check_n,
    mx_dot,
    random_matrix,
    slow_source,
    sync_loop,
    time_loop,
)

__all__ = [
    "add_one",
    "mx_dot",
    "make_input",
    "sync_loop",
    "async_loop",
    "LOOPS",
    "LoopTiming",
    "time_loop",
    "Sweep",
    "sweep",
    "backend_seconds",
    "bulk_cost",
    "slow_source",
    "batch_loop",
    "time_batches",
    "delay_runs",
    "delay_sweep",
    "bulk_sweep",
    "T1Split",
    "t1_split",
]

#: The lesson's name for :func:`asynclab.foundation.workloads.matrices.random_matrix`.
make_input = random_matrix

LOOPS = {"sync": sync_loop, "async": async_loop}


@dataclass(frozen=True)
class Sweep:
    """Median seconds of both loops for every N (one tuple entry per N).

    ``spread`` maps each series' name (``"sync_total"``, ``"async_total"``, ``"async_issued"``) to its
    (first, third) quartile per N, in seconds; empty for a sweep built from medians alone. ``t2`` is the
    median of the back end's mean seconds per operation (:func:`backend_seconds`), measured once per
    round between the loops' timings, or None when the sweep did not ask the profiler.
    """

    ns: tuple[int, ...]
    sync_total: tuple[float, ...]
    async_total: tuple[float, ...]
    async_issued: tuple[float, ...]
    repeat: int
    spread: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    t2: float | None = None

    def speedup(self) -> tuple[float, ...]:
        """Sync time over async time, per N."""
        return tuple(s / a for s, a in zip(self.sync_total, self.async_total))

    def table(self) -> str:
        """One line per N; numbers are not padded, so masked text stays comparable."""
        width = max(len(str(n)) for n in self.ns)
        return "\n".join(
            f"N = {n:<{width}}  sync {s * 1e3:.2f} ms, async {a * 1e3:.2f} ms "
            f"(issued after {i * 1e3:.2f} ms), sync/async {s / a:.2f}"
            for n, s, a, i in zip(self.ns, self.sync_total, self.async_total, self.async_issued)
        )


def sweep(x, ns: Sequence[int], op: ArrayOp = add_one, repeat: int = 3, warmup: int = 1, backend_ops: int = 0) -> Sweep:
    """Time both loops for every N, ``repeat`` times, interleaved; keep the medians.

    ``warmup`` untimed runs of both loops at the smallest N come first. With ``backend_ops`` > 0 every
    round also runs ``backend_ops`` operations under the profiler (:func:`backend_seconds`), so that
    the back end's time per operation is read under the same load as the loops it explains.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    ns = tuple(ns)
    for n in ns:
        check_n(n)
    for _ in range(warmup):
        for kind in LOOPS:
            time_loop(kind, x, min(ns), op)

    def probe(kind: str, n: int):
        return lambda: time_loop(kind, x, n, op)

    probes = {f"{kind} {n}": probe(kind, n) for n in ns for kind in LOOPS}
    if backend_ops:
        check_n(backend_ops)
        probes["back end"] = lambda: backend_seconds(op, x, n=backend_ops)
    runs = run_interleaved(probes, warmup=0, min_rounds=repeat).samples

    def samples(kind: str, n: int, attr: str) -> Samples:
        return summarize(getattr(t, attr) for t in runs[f"{kind} {n}"])

    series = {"sync_total": ("sync", "total"), "async_total": ("async", "total"), "async_issued": ("async", "issued")}
    summaries = {name: [samples(kind, n, attr) for n in ns] for name, (kind, attr) in series.items()}
    return Sweep(
        ns,
        *(tuple(s.median for s in summaries[name]) for name in series),
        repeat,
        {name: tuple((s.q1, s.q3) for s in summaries[name]) for name in series},
        summarize(runs["back end"]).median if backend_ops else None,
    )


def backend_seconds(op: ArrayOp, x, n: int = 200) -> float:
    """Mean seconds one ``op(x)`` spends executing inside the back end.

    Runs the operation ``n`` times under MXNet's profiler and reads the
    aggregate statistics of the operator that ran most often.
    """
    from mxnet import nd, profiler

    from asynclab.foundation.profiling import trace_file

    check_n(n)
    op(x)
    nd.waitall()
    # MXNet writes a trace file when asked to dump, and at exit: in a folder that goes at exit
    trace = trace_file("t2-profile.json")
    profiler.set_config(aggregate_stats=True, profile_imperative=True, profile_all=False, filename=trace)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    try:
        for _ in range(n):
            op(x)
        nd.waitall()
    finally:
        profiler.set_state("stop")
    stats = json.loads(profiler.dumps(reset=True, format="json"))
    operators = {
        name: row
        for name, row in stats.get("Time", {}).get("operator", {}).items()
        if not name.startswith(("DeleteVariable", "Resource"))
    }
    if not operators:
        raise RuntimeError("the profiler recorded no operator.")
    name = max(operators, key=lambda k: operators[k]["Count"])
    scale = {"ms": 1e-3, "us": 1e-6, "s": 1.0}.get(stats.get("Unit", {}).get("Time", "ms"), 1e-3)
    return float(operators[name]["Avg"]) * scale


def _bulk_run(bulk_size: int, n: int, shape: tuple[int, ...]) -> float:
    import mxnet as mx
    from mxnet import nd

    x = nd.zeros(shape)
    nd.waitall()
    start = time.perf_counter()
    with mx.engine.bulk(bulk_size):
        for _ in range(n):
            x += 1
    nd.waitall()
    seconds = (time.perf_counter() - start) / n
    if float(x[0].asscalar()) != n:
        raise RuntimeError("bulk execution lost an update.")
    return seconds


def bulk_cost(bulk_size: int, n: int = 2000, repeat: int = 5, shape: tuple[int, ...] = (10,)) -> Samples:
    """Seconds per tiny in-place op (``x += 1``) run ``n`` times inside ``mx.engine.bulk(bulk_size)``.

    Each sample covers issuing and finishing (a ``waitall`` ends it). Bulk
    size 0 switches bundling off.
    """
    return bulk_sweep((bulk_size,), n, repeat, shape)[bulk_size]


def bulk_sweep(
    bulk_sizes: Sequence[int], n: int = 2000, repeat: int = 5, shape: tuple[int, ...] = (10,)
) -> dict[int, Samples]:
    """:func:`bulk_cost` for several bulk sizes, interleaved round by round (after one warm-up round)."""
    check_n(n)
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    sizes = tuple(bulk_sizes)
    if any(size < 0 for size in sizes):
        raise ValueError(f"bulk sizes cannot be negative, got {sizes}.")
    probes = {str(size): (lambda size=size: _bulk_run(size, n, shape)) for size in sizes}
    runs = run_interleaved(probes, warmup=1, min_rounds=repeat).samples
    return {size: summarize(runs[str(size)]) for size in sizes}


def batch_loop(kind: str, batches: Iterable[Any], step: ArrayOp):
    """Run ``step`` on every batch; wait after each ("sync") or once at the end ("async").

    Returns the last result, finished.
    """
    from mxnet import nd

    if kind not in LOOPS:
        raise ValueError(f"kind must be one of {', '.join(LOOPS)}, not {kind!r}.")
    y = None
    for batch in batches:
        y = step(batch)
        if kind == "sync":
            y.wait_to_read()
    nd.waitall()
    return y


def time_batches(kind: str, batches: Sequence[Any], step: ArrayOp, delay: float) -> float:
    """Seconds :func:`batch_loop` takes when each batch arrives ``delay`` seconds late."""
    from mxnet import nd

    nd.waitall()
    start = time.perf_counter()
    batch_loop(kind, slow_source(batches, delay), step)
    return time.perf_counter() - start


def delay_runs(
    batches: Sequence[Any], step: ArrayOp, delays: Sequence[float], repeat: int = 3
) -> dict[str, tuple[Samples, ...]]:
    """Seconds of the "sync" and "async" batch loops for every delay, interleaved, ``repeat`` runs each."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    delays = tuple(delays)

    def probe(kind: str, delay: float):
        return lambda: time_batches(kind, batches, step, delay)

    probes = {f"{kind} {i}": probe(kind, d) for i, d in enumerate(delays) for kind in LOOPS}
    runs = run_interleaved(probes, warmup=0, min_rounds=repeat).samples
    return {kind: tuple(summarize(runs[f"{kind} {i}"]) for i in range(len(delays))) for kind in LOOPS}


def delay_sweep(
    batches: Sequence[Any], step: ArrayOp, delays: Sequence[float], repeat: int = 3
) -> dict[str, tuple[float, ...]]:
    """Median seconds of the "sync" and "async" batch loops for every delay, interleaved."""
    return {kind: tuple(s.median for s in runs) for kind, runs in delay_runs(batches, step, delays, repeat).items()}


@dataclass(frozen=True)
class T1Split:
    """Issuing cost of one tiny in-place op (``x += 1``), seconds per op, three ways.

    ``pushed``: the threaded engine, one push per op (the usual ``t1``);
    ``bundled``: the same ops inside ``mx.engine.bulk``, pushed as one segment;
    ``naive``: under ``NaiveEngine`` (fresh process), which pushes nothing and
    runs each op inside its call. Clocks stop before the final wait.
    """

    pushed: Samples
    bundled: Samples
    naive: Samples

    @property
    def push_share(self) -> float:
        """Share of ``t1`` that bundling removed: the threaded engine's cost per push (0..1)."""
        return max(0.0, 1.0 - self.bundled.median / self.pushed.median)

    @property
    def front_share(self) -> float:
        """Share of ``t1`` left with every push bundled away: the front end's own path."""
        return 1.0 - self.push_share

    def table(self) -> str:
        rows = [
            ("one push per op (threaded engine)", self.pushed),
            ("ops bundled, one push", self.bundled),
            ("NaiveEngine (runs each op in its call)", self.naive),
        ]
        lines = [
            f"{label:>40}: {s.median * 1e6:6.2f} µs per op (IQR {s.q1 * 1e6:.2f}-{s.q3 * 1e6:.2f})" for label, s in rows
        ]
        lines.append(f"{'share of t1 the pushes cost':>40}: {self.push_share:.2f}")
        return "\n".join(lines)


def _issue_tiny(n: int, bundle: bool) -> float:
    """Seconds per op to issue ``x += 1`` ``n`` times (one bundle when ``bundle``), then wait untimed."""
    import mxnet as mx
    from mxnet import nd

    x = nd.zeros((10,))
    nd.waitall()
    start = time.perf_counter()
    if bundle:
        with mx.engine.bulk(n):
            for _ in range(n):
                x += 1
    else:
        for _ in range(n):
            x += 1
    seconds = (time.perf_counter() - start) / n
    nd.waitall()
    if float(x[0].asscalar()) != n:
        raise RuntimeError("an update was lost.")
    return seconds


def _naive_t1_child(job: dict) -> None:
    """In a fresh process (:func:`t1_split`): Benchmarks labelled ``issue`` of ``job["n"]`` ops ``x += 1``.

    One Benchmark per round, ``job["rounds"]`` rounds, each after a wait for
    all earlier work; the clock stops before any wait. Under NaiveEngine
    each op runs inside its call, so the figure is issue and compute.
    """
    from mxnet import nd

    from asynclab.foundation.timing import Benchmark

    x = nd.zeros((10,))
    for _round in range(job["rounds"]):
        nd.waitall()
        with Benchmark("issue", quiet=True):
            for _ in range(job["n"]):
                x += 1


def t1_split(n: int = 2000, repeat: int = 7) -> T1Split:
    """:class:`T1Split`: pushed and bundled interleaved here, NaiveEngine in a fresh process."""
    from asynclab.foundation.backends.mxnet import run_program_with_engine

    check_n(n)
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    runs = run_interleaved(
        {"pushed": lambda: _issue_tiny(n, False), "bundled": lambda: _issue_tiny(n, True)}, warmup=1, min_rounds=repeat
    ).samples
    naive = run_program_with_engine(
        f"{__name__}:_naive_t1_child", "NaiveEngine", payload={"rounds": repeat + 1, "n": n}
    ).samples("issue")[1:]
    return T1Split(summarize(runs["pushed"]), summarize(runs["bundled"]), summarize(s / n for s in naive))
