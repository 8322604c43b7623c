"""Cost models for loops of asynchronous operations (lesson 03).

Each iteration of a loop that issues one operation has three phases: the
front end issues it (``t1``), the back end computes it (``t2``), and a
waiting front end is told that the result is ready (``t3``). Then

- a loop that waits after every operation takes about ``N * (t1 + t2 + t3)``;
- a loop that waits once at the end takes about ``t1 + N * t2 + t3`` when
  the back end is the bottleneck, ``N * t1 + t2 + t3`` when the front end is:
  at best ``max(N * t1, N * t2)``, the *pipeline bound*.

This module only does arithmetic on figures measured elsewhere
(:mod:`asynclab.loops`): least-squares lines and the estimates built on them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

__all__ = ["LineFit", "fit_line", "PipelineCosts", "estimate_costs", "pipeline_bound",
           "relative_error"]


@dataclass(frozen=True)
class LineFit:
    """``y = intercept + slope * x``, fitted by least squares."""

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
        return (f"{self.intercept * 1e3:.3f} ms + N x {self.slope * 1e6:.2f} µs "
                f"(rms residual {self.rms_residual * 1e3:.3f} ms over {self.points} points)")


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


def pipeline_bound(n: float, t1: float, t2: float) -> float:
    """The fastest N operations can go when issuing and computing overlap perfectly."""
    if n < 0 or t1 < 0 or t2 < 0:
        raise ValueError("n, t1 and t2 must not be negative.")
    return max(n * t1, n * t2)


def relative_error(predicted: float, actual: float) -> float:
    """``|predicted - actual| / actual``; ``actual`` must be positive."""
    if actual <= 0:
        raise ValueError(f"actual must be positive, got {actual}.")
    return abs(predicted - actual) / actual


@dataclass(frozen=True)
class PipelineCosts:
    """Per-operation costs of a loop, estimated from lines fitted against N (seconds).

    - ``t1``: slope of the time the front end needs to *issue* N operations;
    - ``t2``: the back end's time per operation (measured inside the back
      end when given, otherwise the slope of the waiting-at-the-end loop);
    - ``t3``: what remains of the wait-every-time slope, ``t1 + t2 + t3``:
      the cost of one round trip to a waiting front end.
    """

    t1: float
    t2: float
    t3: float
    issue_fit: LineFit
    sync_fit: LineFit
    async_fit: LineFit
    t2_measured_in_back_end: bool

    @property
    def round_trip(self) -> float:
        """Seconds per operation of the loop that waits every time."""
        return self.sync_fit.slope

    @property
    def bottleneck(self) -> str:
        return "front end" if self.t1 >= self.t2 else "back end"

    def bound(self, n: float) -> float:
        """:func:`pipeline_bound` for these costs."""
        return pipeline_bound(n, self.t1, self.t2)

    def efficiency(self, n: float, measured: float) -> float:
        """How close a measured loop of ``n`` operations came to the bound (1.0 = reached it)."""
        if measured <= 0:
            raise ValueError(f"measured must be positive, got {measured}.")
        return self.bound(n) / measured

    def __str__(self) -> str:
        source = "measured in the back end" if self.t2_measured_in_back_end else "slope of the async loop"
        return (f"t1 (issue)        {self.t1 * 1e6:.2f} µs per op\n"
                f"t2 (compute)      {self.t2 * 1e6:.2f} µs per op, {source}\n"
                f"t3 (round trip)   {self.t3 * 1e6:.2f} µs per op\n"
                f"sync loop slope   {self.sync_fit.slope * 1e6:.2f} µs per op = t1 + t2 + t3\n"
                f"async loop slope  {self.async_fit.slope * 1e6:.2f} µs per op; bottleneck: {self.bottleneck}")


def estimate_costs(ns: Sequence[float], sync_totals: Sequence[float], async_totals: Sequence[float],
                   async_issued: Sequence[float], t2: float | None = None) -> PipelineCosts:
    """Fit the three lines of lesson 03 and derive ``t1``, ``t2`` and ``t3``.

    ``sync_totals`` and ``async_totals`` are the seconds each loop took for
    every N; ``async_issued`` the seconds the async loop's front end needed
    before its final wait. ``t2`` (seconds per operation, e.g. from MXNet's
    profiler) replaces the async slope as the back-end cost when given.
    """
    issue_fit = fit_line(ns, async_issued)
    sync_fit = fit_line(ns, sync_totals)
    async_fit = fit_line(ns, async_totals)
    t1 = max(issue_fit.slope, 0.0)
    measured = t2 is not None
    if t2 is None:
        t2 = max(async_fit.slope, 0.0)
    elif t2 < 0 or not math.isfinite(t2):
        raise ValueError(f"t2 must be a non-negative number, got {t2}.")
    t3 = max(sync_fit.slope - t1 - t2, 0.0)
    return PipelineCosts(t1, float(t2), t3, issue_fit, sync_fit, async_fit, measured)
