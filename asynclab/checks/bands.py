"""Decisions over several measured relationships at once, for checks built on ``run_rounds``.

Each function looks at the samples of one relationship and returns a
:class:`Band`: whether the medians satisfy it, whether even the pessimistic
quartiles do (a *sure pass*) and whether even the optimistic ones fail (a
*sure fail*). :func:`decide` combines several: the check passes when all
relationships hold, and it is certain once every one is a sure pass or any
one is a sure fail, so more rounds are spent only while the verdict could
still change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from asynclab.checks.core import _ratio_bounds


@dataclass(frozen=True)
class Band:
    ok: bool
    sure_pass: bool
    sure_fail: bool
    value: float
    # How far ``value`` sits from the threshold, as a factor (above 1 passes);
    # None where the relationship has no threshold to measure against.
    margin: float | None = None


def within(num: Sequence[float], den: Sequence[float], tolerance: float) -> Band:
    """median(num) / median(den) lies within [1/tolerance, tolerance]."""
    lo, mid, hi = _ratio_bounds(num, den)
    low = 1 / tolerance
    margin = min(mid * tolerance, tolerance / mid) if mid > 0 else 0.0
    return Band(low <= mid <= tolerance, low <= lo and hi <= tolerance, hi < low or lo > tolerance, mid, margin)


def at_most(num: Sequence[float], den: Sequence[float], limit: float) -> Band:
    """median(num) / median(den) is at most ``limit``."""
    lo, mid, hi = _ratio_bounds(num, den)
    return Band(mid <= limit, hi <= limit, lo > limit, mid, limit / mid if mid > 0 else math.inf)


def at_least(num: Sequence[float], den: Sequence[float], factor: float) -> Band:
    """median(num) / median(den) is at least ``factor``."""
    lo, mid, hi = _ratio_bounds(num, den)
    return Band(mid >= factor, lo >= factor, hi < factor, mid, mid / factor)


def decide(*bands: Band) -> tuple[bool, bool]:
    """``(passes, certain)`` for ``run_rounds``."""
    passes = all(b.ok for b in bands)
    certain = all(b.sure_pass for b in bands) or any(b.sure_fail for b in bands)
    return passes, certain
