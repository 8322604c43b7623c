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
  reader, for loops whose front end has work of its own.

Figures are seconds; the models fitted to them live in :mod:`asynclab.models`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

from asynclab.timing import Samples, summarize

__all__ = ["add_one", "matmul", "make_input", "sync_loop", "async_loop", "LOOPS", "LoopTiming",
           "time_loop", "Sweep", "sweep", "backend_seconds", "bulk_cost", "slow_source"]

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
        lines = [f"{'N':>6}  {'sync (ms)':>10}  {'async (ms)':>10}  {'issued (ms)':>11}  {'sync/async':>10}"]
        for n, s, a, i in zip(self.ns, self.sync_total, self.async_total, self.async_issued):
            lines.append(f"{n:>6}  {s * 1e3:10.2f}  {a * 1e3:10.2f}  {i * 1e3:11.2f}  {s / a:10.2f}")
        return "\n".join(lines)


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
    from mxnet import nd, profiler

    _check_n(n)
    op(x)
    nd.waitall()
    profiler.set_config(aggregate_stats=True, profile_imperative=True, profile_all=False)
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


def bulk_cost(bulk_size: int, n: int = 2000, repeat: int = 5, shape: tuple[int, ...] = (10,)) -> Samples:
    """Seconds per tiny in-place op (``x += 1``) run ``n`` times inside ``mx.engine.bulk(bulk_size)``.

    Each sample covers issuing and finishing (a ``waitall`` ends it). Bulk
    size 0 switches bundling off.
    """
    import mxnet as mx
    from mxnet import nd

    _check_n(n)
    if bulk_size < 0:
        raise ValueError(f"bulk_size cannot be negative, got {bulk_size}.")
    values = []
    for _ in range(repeat + 1):  # the first run warms up
        x = nd.zeros(shape)
        nd.waitall()
        start = time.perf_counter()
        with mx.engine.bulk(bulk_size):
            for _ in range(n):
                x += 1
        nd.waitall()
        values.append((time.perf_counter() - start) / n)
        if float(x[0].asscalar()) != n:
            raise RuntimeError("bulk execution lost an update.")
    return summarize(values[1:])


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
