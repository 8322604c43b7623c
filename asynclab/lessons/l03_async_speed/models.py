"""Lesson 03's cost model for loops of asynchronous operations.

Each iteration of a loop that issues one operation has three phases: the
front end issues it (``t1``), the back end computes it (``t2``), and a
waiting front end is told that the result is ready (``t3``). Then

- a loop that waits after every operation takes about ``N * (t1 + t2 + t3)``;
- a loop that waits once at the end takes about ``t1 + N * t2 + t3`` when
  the back end is the bottleneck, ``N * t1 + t2 + t3`` when the front end is:
  at best ``max(N * t1, N * t2)``, the *pipeline bound*.

This module only does arithmetic on figures measured elsewhere
(:mod:`asynclab.lessons.l03_async_speed.loops`), in seconds: the estimates built on the
least-squares lines of :func:`asynclab.foundation.timing.fit_line` (re-exported here
with :class:`LineFit` and :func:`relative_error`). Lesson layer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from asynclab.foundation.timing import LineFit, fit_line, relative_error

__all__ = ["LineFit", "fit_line", "PipelineCosts", "estimate_costs", "pipeline_bound", "relative_error"]


def pipeline_bound(n: float, t1: float, t2: float) -> float:
    """The fastest N operations can go when issuing and computing overlap perfectly."""
    if n < 0 or t1 < 0 or t2 < 0:
        raise ValueError("n, t1 and t2 must not be negative.")
    return max(n * t1, n * t2)


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
        return (
            f"t1 (issue)        {self.t1 * 1e6:.2f} µs per op\n"
            f"t2 (compute)      {self.t2 * 1e6:.2f} µs per op, {source}\n"
            f"t3 (round trip)   {self.t3 * 1e6:.2f} µs per op\n"
            f"sync loop slope   {self.sync_fit.slope * 1e6:.2f} µs per op = t1 + t2 + t3\n"
            f"async loop slope  {self.async_fit.slope * 1e6:.2f} µs per op; bottleneck: {self.bottleneck}"
        )


def estimate_costs(
    ns: Sequence[float],
    sync_totals: Sequence[float],
    async_totals: Sequence[float],
    async_issued: Sequence[float],
    t2: float | None = None,
) -> PipelineCosts:
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
