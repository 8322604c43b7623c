"""Clocks and repeated measurements.

Every figure here is in seconds and comes from :func:`time.perf_counter`.
Measuring is kept apart from presenting: :class:`Samples` is a plain result
object, and only :class:`Benchmark` prints (and only when asked to).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, Union

SyncSpec = Union[bool, None, Callable[[], object]]

# Callbacks told about every finished Benchmark as (label, seconds).
# ``backends.mxnet.run_with_engine`` uses this to collect the figures a
# snippet measured in a subprocess. Empty unless somebody registers one.
_listeners: list[Callable[[str, float], None]] = []


def add_listener(callback: Callable[[str, float], None]) -> None:
    """Call ``callback(label, seconds)`` whenever a :class:`Benchmark` ends."""
    _listeners.append(callback)


def remove_listener(callback: Callable[[str, float], None]) -> None:
    """Undo :func:`add_listener`; unknown callbacks are ignored."""
    if callback in _listeners:
        _listeners.remove(callback)


def resolve_sync(sync: SyncSpec) -> Callable[[], object] | None:
    """Turn a ``sync`` argument into a callable (or ``None``).

    ``True`` means "wait for every pending MXNet operation"; a callable is
    used as it is; ``False``/``None`` means no synchronisation.
    """
    if sync is None or sync is False:
        return None
    if sync is True:
        from asynclab.backends import mxnet as mxb

        return mxb.sync_all
    if callable(sync):
        return sync
    raise TypeError(f"sync must be True, False, None or a callable, not {type(sync).__name__}.")


@dataclass(frozen=True)
class Samples:
    """Repeated measurements of one quantity (seconds unless ``unit`` says otherwise)."""

    values: tuple[float, ...]
    unit: str = "s"

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError("Samples needs at least one value.")

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def min(self) -> float:
        return min(self.values)

    @property
    def max(self) -> float:
        return max(self.values)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values)

    @property
    def q1(self) -> float:
        """First quartile (the median when there are fewer than 2 values)."""
        return quartiles(self.values)[0]

    @property
    def q3(self) -> float:
        """Third quartile (the median when there are fewer than 2 values)."""
        return quartiles(self.values)[2]

    @property
    def iqr(self) -> float:
        return self.q3 - self.q1

    def __len__(self) -> int:
        return len(self.values)

    def __str__(self) -> str:
        return (f"median {self.median:.4g} {self.unit} (min {self.min:.4g}, "
                f"IQR {self.iqr:.2g}, n={len(self.values)})")


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(Q1, median, Q3) with the inclusive method; one value gives it thrice."""
    if len(values) < 2:
        v = float(values[0])
        return v, v, v
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


class Benchmark:
    """Time a block of code with ``time.perf_counter``.

    >>> with Benchmark("queued") as b:
    ...     y = x * 2            # doctest: +SKIP
    queued: 0.0003 sec

    ``sync=True`` waits for every pending MXNet operation before the clock
    stops, so the figure covers the work and not only its enqueueing; a
    callable is called instead. ``b.seconds`` holds the figure afterwards.
    """

    def __init__(self, label: str = "", sync: SyncSpec = False, *, quiet: bool = False) -> None:
        if not isinstance(label, str):
            raise TypeError(f"label must be a string, not {type(label).__name__}.")
        self.label = label
        self._sync = resolve_sync(sync)
        self.quiet = quiet
        self.seconds: float | None = None
        self._start = 0.0

    def __enter__(self) -> "Benchmark":
        self._start = time.perf_counter()
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self._sync is not None:
            self._sync()
        self.seconds = time.perf_counter() - self._start
        if exc_type is not None:
            return
        for callback in list(_listeners):
            callback(self.label, self.seconds)
        if not self.quiet:
            print(self.line())

    def line(self) -> str:
        """The familiar ``label: 0.1234 sec`` line."""
        prefix = f"{self.label}: " if self.label else ""
        return f"{prefix}{self.seconds:.4f} sec"

    def __float__(self) -> float:
        if self.seconds is None:
            raise ValueError("The benchmark has not finished yet.")
        return self.seconds

    def __repr__(self) -> str:
        state = "running" if self.seconds is None else f"{self.seconds:.4f} sec"
        return f"Benchmark({self.label!r}, {state})"


def _check_counts(repeat: int, warmup: int) -> None:
    for name, value in (("repeat", repeat), ("warmup", warmup)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, not {type(value).__name__}.")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    if warmup < 0:
        raise ValueError(f"warmup cannot be negative, got {warmup}.")


def time_call(fn: Callable[[], object], sync: SyncSpec = False) -> float:
    """Seconds one call of ``fn()`` takes (with the optional synchronisation)."""
    if not callable(fn):
        raise TypeError(f"expected a callable, got {type(fn).__name__}.")
    do_sync = resolve_sync(sync)
    start = time.perf_counter()
    fn()
    if do_sync is not None:
        do_sync()
    return time.perf_counter() - start


def measure(fn: Callable[[], object], repeat: int = 5, warmup: int = 1,
            sync: SyncSpec = False) -> Samples:
    """Time ``fn()`` ``repeat`` times after ``warmup`` untimed calls."""
    if not callable(fn):
        raise TypeError(f"measure() needs a callable, got {type(fn).__name__}.")
    _check_counts(repeat, warmup)
    do_sync = resolve_sync(sync)
    for _ in range(warmup):
        fn()
        if do_sync is not None:
            do_sync()
    return Samples(tuple(time_call(fn, do_sync or False) for _ in range(repeat)))


def interleave(fns: dict[str, Callable[[], float]], rounds: int = 5,
               warmup: int = 1) -> dict[str, Samples]:
    """Run probes A B A B ... and return their samples by name.

    Each probe returns its own figure (seconds, megabytes, ...). Alternating
    spreads slow drifts of a noisy machine evenly over all probes, which is
    what makes their medians comparable.
    """
    for name, fn in fns.items():
        if not callable(fn):
            raise TypeError(f"probe {name!r} is not callable.")
    _check_counts(rounds, warmup)
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    values: dict[str, list[float]] = {name: [] for name in fns}
    order = list(fns)
    for r in range(rounds):
        for name in (order if r % 2 == 0 else reversed(order)):
            values[name].append(float(fns[name]()))
    return {name: Samples(tuple(v)) for name, v in values.items()}


def per_item(total_seconds: float, count: int) -> float:
    """Seconds per item; ``count`` must be positive."""
    if count <= 0:
        raise ValueError(f"count must be positive, got {count}.")
    return total_seconds / count


def summarize(values: Iterable[float], unit: str = "s") -> Samples:
    """Wrap loose figures into :class:`Samples`."""
    return Samples(tuple(float(v) for v in values), unit)


@dataclass(frozen=True)
class Split:
    """How long the front end needed to issue work, and how long until it was done.

    ``enqueue`` is the time of ``launch()``; ``finish`` the time of the wait
    that follows it; both in seconds.
    """

    enqueue: float
    finish: float

    @property
    def total(self) -> float:
        return self.enqueue + self.finish

    @property
    def enqueue_share(self) -> float:
        """Fraction of the total spent issuing (near 1 for a synchronous back end)."""
        return self.enqueue / self.total if self.total > 0 else 1.0


def split(launch: Callable[[], object], wait: Callable[[object], object]) -> Split:
    """Time ``launch()`` and then ``wait(result)`` separately.

    With an asynchronous back end ``launch`` returns at once and ``wait``
    carries the work; with a synchronous one it is the other way round.
    """
    if not callable(launch) or not callable(wait):
        raise TypeError("split() needs two callables: launch() and wait(result).")
    start = time.perf_counter()
    result = launch()
    issued = time.perf_counter()
    wait(result)
    done = time.perf_counter()
    return Split(enqueue=issued - start, finish=done - issued)
