"""Loops of MXNet operations, waited on in different places (lesson 03).

- :func:`sync_loop` waits for every result before issuing the next one;
- :func:`async_loop` issues everything and waits once, at the end;
- :func:`time_loop` times either with two clocks: when the front end had
  issued everything, and when the back end had finished;
- :func:`sweep` repeats both loops for several N, interleaved;
- :func:`backend_seconds` asks MXNet's profiler how long one operation takes
  *inside* the back end;
- :func:`bulk_cost` measures bulk execution (``mx.engine.bulk``) on tiny ops;
- :func:`slow_source` hands out batches with a delay, like a disk or network
  reader, and :func:`batch_loop` / :func:`time_batches` run a step over
  such batches, waiting every time or once at the end.

Figures are seconds; the models fitted to them live in :mod:`asynclab.models`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

from asynclab.timing import Samples, summarize

__all__ = ["add_one", "matmul", "make_input", "sync_loop", "async_loop", "LOOPS", "LoopTiming",
           "time_loop", "Sweep", "sweep", "backend_seconds", "bulk_cost", "slow_source", "batch_loop",
           "time_batches", "delay_sweep", "bulk_sweep"]

Op = Callable[[Any], Any]


def add_one(x):
    """``x + 1``: the operation of the seed experiment."""
    return x + 1


def matmul(x):
    """``dot(x, x)``: enough work per call for the back end to be the bottleneck."""
    from mxnet import nd

    return nd.dot(x, x)


def make_input(shape: int | Sequence[int], seed: int = 0):
    """A random ``mx.nd`` array of ``shape``, already computed."""
    import mxnet as mx

    mx.random.seed(seed)
    x = mx.nd.random.uniform(shape=(shape,) if isinstance(shape, int) else tuple(shape))
    x.wait_to_read()
    return x


def sync_loop(x, n: int, op: Op = add_one):
    """Issue ``op(x)`` ``n`` times and wait for each result before the next."""
    y = None
    for _ in range(n):
        y = op(x)
        y.wait_to_read()
    return y


def async_loop(x, n: int, op: Op = add_one):
    """Issue ``op(x)`` ``n`` times, then wait once for all of them."""
    from mxnet import nd

    y = None
    for _ in range(n):
        y = op(x)
    nd.waitall()
    return y


LOOPS = {"sync": sync_loop, "async": async_loop}


@dataclass(frozen=True)
class LoopTiming:
    """One run of a loop: seconds until the front end had issued everything, and in all."""

    kind: str
    n: int
    issued: float
    total: float


def _check_n(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"N must be a positive integer, got {n!r}.")


def time_loop(kind: str, x, n: int, op: Op = add_one) -> LoopTiming:
    """Run the ``kind`` ("sync" or "async") loop once and read both clocks."""
    from mxnet import nd

    if kind not in LOOPS:
        raise ValueError(f"kind must be one of {', '.join(LOOPS)}, not {kind!r}.")
    _check_n(n)
    nd.waitall()
    start = time.perf_counter()
    for _ in range(n):
        y = op(x)
        if kind == "sync":
            y.wait_to_read()
    issued = time.perf_counter()
    nd.waitall()
    total = time.perf_counter()
    return LoopTiming(kind, n, issued - start, total - start)


@dataclass(frozen=True)
class Sweep:
    """Median seconds of both loops for every N (one tuple entry per N)."""

    ns: tuple[int, ...]
    sync_total: tuple[float, ...]
    async_total: tuple[float, ...]
    async_issued: tuple[float, ...]
    repeat: int

    def speedup(self) -> tuple[float, ...]:
        """Sync time over async time, per N."""
        return tuple(s / a for s, a in zip(self.sync_total, self.async_total))

    def table(self) -> str:
        """One line per N; numbers are not padded, so masked text stays comparable."""
        width = max(len(str(n)) for n in self.ns)
        return "\n".join(f"N = {n:<{width}}  sync {s * 1e3:.2f} ms, async {a * 1e3:.2f} ms "
                         f"(issued after {i * 1e3:.2f} ms), sync/async {s / a:.2f}"
                         for n, s, a, i in zip(self.ns, self.sync_total, self.async_total, self.async_issued))


def sweep(x, ns: Sequence[int], op: Op = add_one, repeat: int = 3, warmup: int = 1) -> Sweep:
    """Time both loops for every N, ``repeat`` times, interleaved; keep the medians."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    ns = tuple(ns)
    for n in ns:
        _check_n(n)
    for _ in range(warmup):
        for kind in LOOPS:
            time_loop(kind, x, min(ns), op)
    runs: dict[tuple[str, int], list[LoopTiming]] = {}
    for r in range(repeat):
        for n in (ns if r % 2 == 0 else ns[::-1]):
            for kind in (("sync", "async") if r % 2 == 0 else ("async", "sync")):
                runs.setdefault((kind, n), []).append(time_loop(kind, x, n, op))

    def med(kind: str, n: int, attr: str) -> float:
        return summarize(getattr(t, attr) for t in runs[(kind, n)]).median

    return Sweep(ns, tuple(med("sync", n, "total") for n in ns), tuple(med("async", n, "total") for n in ns),
                 tuple(med("async", n, "issued") for n in ns), repeat)


def backend_seconds(op: Op, x, n: int = 200) -> float:
    """Mean seconds one ``op(x)`` spends executing inside the back end.

    Runs the operation ``n`` times under MXNet's profiler (lesson 07 shows
    the profiler in full) and reads the aggregate statistics of the operator
    that ran most often.
    """
    import os
    import tempfile

    from mxnet import nd, profiler

    _check_n(n)
    op(x)
    nd.waitall()
    # MXNet writes a trace file when asked to dump; keep it out of the working directory.
    trace = os.path.join(tempfile.gettempdir(), f"asynclab-profile-{os.getpid()}.json")
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
    operators = {name: row for name, row in stats.get("Time", {}).get("operator", {}).items()
                 if not name.startswith(("DeleteVariable", "Resource"))}
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


def bulk_sweep(bulk_sizes: Sequence[int], n: int = 2000, repeat: int = 5,
               shape: tuple[int, ...] = (10,)) -> dict[int, Samples]:
    """:func:`bulk_cost` for several bulk sizes, interleaved round by round (after one warm-up round)."""
    _check_n(n)
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    sizes = tuple(bulk_sizes)
    if any(size < 0 for size in sizes):
        raise ValueError(f"bulk sizes cannot be negative, got {sizes}.")
    values: dict[int, list[float]] = {size: [] for size in sizes}
    for r in range(repeat + 1):
        for size in (sizes if r % 2 == 0 else sizes[::-1]):
            seconds = _bulk_run(size, n, shape)
            if r:
                values[size].append(seconds)
    return {size: summarize(v) for size, v in values.items()}


def slow_source(batches: Iterable[Any], delay: float) -> Iterator[Any]:
    """Yield each batch after ``delay`` seconds of waiting, like reading it from a disk.

    The wait is a sleep: it costs the CPU nothing, so the back end can use
    it, if the front end does not hold it up.
    """
    if delay < 0:
        raise ValueError(f"delay cannot be negative, got {delay}.")
    for batch in batches:
        time.sleep(delay)
        yield batch


def batch_loop(kind: str, batches: Iterable[Any], step: Op):
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


def time_batches(kind: str, batches: Sequence[Any], step: Op, delay: float) -> float:
    """Seconds :func:`batch_loop` takes when each batch arrives ``delay`` seconds late."""
    from mxnet import nd

    nd.waitall()
    start = time.perf_counter()
    batch_loop(kind, slow_source(batches, delay), step)
    return time.perf_counter() - start


def delay_sweep(batches: Sequence[Any], step: Op, delays: Sequence[float], repeat: int = 3) -> dict[str, tuple[float, ...]]:
    """Median seconds of the "sync" and "async" batch loops for every delay, interleaved."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    runs: dict[tuple[str, float], list[float]] = {}
    for r in range(repeat):
        for delay in delays:
            for kind in (("sync", "async") if r % 2 == 0 else ("async", "sync")):
                runs.setdefault((kind, delay), []).append(time_batches(kind, batches, step, delay))
    return {kind: tuple(summarize(runs[(kind, d)]).median for d in delays) for kind in LOOPS}
