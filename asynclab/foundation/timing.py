"""Clocks, repeated measurements, the interleaving scheduler and timing models.

Every figure here is in seconds and comes from :func:`time.perf_counter`.
Measuring is kept apart from presenting: :class:`Samples` is a plain result
object, and only :class:`Benchmark` prints (and only when asked to).

- :class:`Benchmark`, :func:`time_call`, :func:`measure`, :func:`split`: clocks;
- :func:`run_interleaved` / :func:`interleave`: the one scheduler that runs
  several probes A B, B A, ... so that their medians are comparable;
- :func:`fit_line`, :func:`relative_error`: least-squares lines of seconds
  against a count, the timing models of the lessons;
- :class:`Span`: one interval of a timeline (a row, a label, two instants).

Foundation layer: imports nothing of asynclab outside the foundation.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

SyncSpec = bool | None | Callable[[], object]

# Callbacks told about every finished Benchmark as (label, seconds).
# ``backends.mxnet.run_with_engine`` uses this to collect the figures a
# snippet measured in a fresh process. Empty unless somebody registers one.
_listeners: list[Callable[[str, float], None]] = []


def add_listener(callback: Callable[[str, float], None]) -> None:
    """Call ``callback(label, seconds)`` whenever a :class:`Benchmark` ends."""
    _listeners.append(callback)


def resolve_sync(sync: SyncSpec) -> Callable[[], object] | None:
    """Turn a ``sync`` argument into a callable (or ``None``).

    ``True`` means "wait for every pending MXNet operation"; a callable is
    used as it is; ``False``/``None`` means no synchronization.
    """
    if sync is None or sync is False:
        return None
    if sync is True:
        from asynclab.foundation.backends import mxnet as mxb

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
        return f"median {self.median:.4g} {self.unit} (min {self.min:.4g}, IQR {self.iqr:.2g}, n={len(self.values)})"


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

    def __enter__(self) -> Benchmark:
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
    """Seconds one call of ``fn()`` takes (with the optional synchronization)."""
    if not callable(fn):
        raise TypeError(f"expected a callable, got {type(fn).__name__}.")
    do_sync = resolve_sync(sync)
    start = time.perf_counter()
    fn()
    if do_sync is not None:
        do_sync()
    return time.perf_counter() - start


def measure(fn: Callable[[], object], repeat: int = 5, warmup: int = 1, sync: SyncSpec = False) -> Samples:
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


@dataclass(frozen=True)
class Rounds:
    """What :func:`run_interleaved` measured: every probe's values in call order."""

    samples: dict[str, list]
    rounds: int
    seconds: float


def run_interleaved(
    probes: dict[str, Callable[[], object]],
    *,
    warmup: int = 1,
    min_rounds: int = 5,
    max_rounds: int | None = None,
    budget_s: float | None = None,
    settled: Callable[[dict[str, list]], bool] | None = None,
) -> Rounds:
    """The one scheduler: run probes A B, B A, A B, ... after ``warmup`` untimed calls each.

    Alternating spreads slow drifts of a noisy machine evenly over all probes,
    which is what makes their medians comparable. After ``min_rounds`` it
    stops as soon as ``settled(samples)`` is true or ``budget_s`` wall
    seconds are spent; never after more than ``max_rounds`` (default
    ``min_rounds``). Probes return whatever they measure; exceptions pass.
    """
    for name, fn in probes.items():
        if not callable(fn):
            raise TypeError(f"probe {name!r} is not callable.")
    max_rounds = min_rounds if max_rounds is None else max_rounds
    _check_counts(min_rounds, warmup)
    if max_rounds < min_rounds:
        raise ValueError(f"max_rounds ({max_rounds}) cannot be below min_rounds ({min_rounds}).")
    start = time.perf_counter()
    order = list(probes)
    for name in order:
        for _ in range(warmup):
            probes[name]()
    samples: dict[str, list] = {name: [] for name in order}
    rounds = 0
    while rounds < max_rounds:
        for name in order if rounds % 2 == 0 else order[::-1]:
            samples[name].append(probes[name]())
        rounds += 1
        if rounds >= min_rounds:
            if settled is not None and settled(samples):
                break
            if budget_s is not None and time.perf_counter() - start > budget_s:
                break
    return Rounds(samples, rounds, time.perf_counter() - start)


def per_call(
    call: Callable[[], object],
    calls: int,
    *,
    settle: Callable[[], object],
    wait: Callable[[object], object] | None = None,
) -> Callable[[], float]:
    """A probe for :func:`run_interleaved`: seconds per call of ``call()`` over ``calls`` calls in a row.

    The probe runs ``settle()`` first (nothing pending when the clock starts), then the calls, then
    ``wait(last result)`` when ``wait`` is given (issued and finished) or nothing (issued only), stops
    the clock, and runs ``settle()`` again, untimed, so that the next probe starts clean.
    """
    if not callable(call) or calls < 1:
        raise ValueError("per_call needs a callable and at least one call.")

    def probe() -> float:
        settle()
        start = time.perf_counter()
        for _ in range(calls):
            result = call()
        if wait is not None:
            wait(result)
        elapsed = time.perf_counter() - start
        settle()
        return elapsed / calls

    return probe


def interleave(fns: dict[str, Callable[[], float]], rounds: int = 5, warmup: int = 1) -> dict[str, Samples]:
    """:func:`run_interleaved` for a fixed number of rounds; each probe returns one figure."""
    run = run_interleaved(fns, warmup=warmup, min_rounds=rounds)
    return {name: Samples(tuple(float(v) for v in values)) for name, values in run.samples.items()}


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


@dataclass(frozen=True)
class Span:
    """One bar of a timeline: ``row`` (a thread, worker or stream), ``label``, seconds.

    ``start`` and ``end`` are :func:`time.perf_counter` readings (or any
    common clock), in seconds.
    """

    row: str
    label: str
    start: float
    end: float


def overlap_share(a, b) -> float:
    """Share of the shorter of two spans (anything with ``start`` and ``end``, seconds) during which
    both ran: 0 one after the other, 1 fully side by side."""
    shared = min(a.end, b.end) - max(a.start, b.start)
    shortest = min(a.end - a.start, b.end - b.start)
    return max(shared, 0.0) / shortest if shortest > 0 else 0.0


# ---------------------------------------------------------------- timing models


@dataclass(frozen=True)
class LineFit:
    """``y = intercept + slope * x``, fitted by least squares (seconds against a count)."""

    intercept: float
    slope: float
    points: int
    rms_residual: float

    def predict(self, x: float) -> float:
        return self.intercept + self.slope * x

    def __iter__(self):
        """Unpack as ``intercept, slope``."""
        yield self.intercept
        yield self.slope

    def __str__(self) -> str:
        return (
            f"{self.intercept * 1e3:.3f} ms + N x {self.slope * 1e6:.2f} µs "
            f"(rms residual {self.rms_residual * 1e3:.3f} ms over {self.points} points)"
        )


def _floats(values: Sequence[float], what: str) -> list[float]:
    try:
        out = [float(v) for v in values]
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a sequence of numbers.") from None
    if not all(math.isfinite(v) for v in out):
        raise ValueError(f"{what} contains a value that is not finite.")
    return out


def fit_line(xs: Sequence[float], ys: Sequence[float]) -> LineFit:
    """Least-squares line through the points ``(xs[i], ys[i])``.

    Needs at least two points with different ``x``. With exactly two the
    line goes through both.
    """
    x, y = _floats(xs, "xs"), _floats(ys, "ys")
    if len(x) != len(y):
        raise ValueError(f"xs and ys differ in length ({len(x)} and {len(y)}).")
    if len(x) < 2:
        raise ValueError("a line needs at least two points.")
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxx = sum((a - mx) ** 2 for a in x)
    if sxx == 0:
        raise ValueError("every x is the same; no line can be fitted.")
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    slope = sxy / sxx
    intercept = my - slope * mx
    rms = math.sqrt(sum((b - intercept - slope * a) ** 2 for a, b in zip(x, y)) / n)
    return LineFit(intercept, slope, n, rms)


def relative_error(predicted: float, actual: float) -> float:
    """``|predicted - actual| / actual``; ``actual`` must be positive."""
    if actual <= 0:
        raise ValueError(f"actual must be positive, got {actual}.")
    return abs(predicted - actual) / actual
