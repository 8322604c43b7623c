"""The relationships a check can declare, and the one place their decision maths lives.

Each relationship looks at measured series (lists of figures by name) and
returns a :class:`Band`: whether the medians satisfy it (``ok``), whether
even the pessimistic quartiles do (a *sure pass*) and whether even the
optimistic ones fail (a *sure fail*), its value and its margin (how far the
value sits from the threshold as a factor; above 1 passes). :func:`decide`
combines several: a check passes when all hold, and is certain once every
one is a sure pass or any one is a sure fail.

For a ratio of two series ``num / den`` the pessimistic and optimistic
values come from their quartiles (``q1(num) / q3(den)`` and
``q3(num) / q1(den)``); for one series, from its own quartiles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from asynclab.foundation.timing import quartiles

Samples = Mapping[str, Sequence[float]]
_TINY = 1e-12


@dataclass(frozen=True)
class Band:
    """The state of one relationship after some rounds."""

    ok: bool
    sure_pass: bool
    sure_fail: bool
    value: float
    margin: float | None = None


def decide(*bands: Band) -> tuple[bool, bool]:
    """``(passes, certain)`` over several bands."""
    passes = all(b.ok for b in bands)
    certain = all(b.sure_pass for b in bands) or any(b.sure_fail for b in bands)
    return passes, certain


def spread(samples: Samples, num: str, den: str | None = None) -> tuple[float, float, float]:
    """(pessimistic-low, median, optimistic-high) of ``num / den``, or of ``num`` alone."""
    n1, n2, n3 = quartiles(samples[num])
    if den is None:
        return n1, n2, n3
    d1, d2, d3 = quartiles(samples[den])
    return n1 / max(d3, _TINY), n2 / max(d2, _TINY), n3 / max(d1, _TINY)


@dataclass(frozen=True)
class Relation:
    """Base of every relationship: a name unique in its check and an optional failure sentence.

    ``explain`` (a format string over the outcome's values, or a function of
    the outcome) replaces the check's sentence when this relation is the
    first one that fails. ``counted=True`` marks a bound on a count (waits
    missed, say): it decides the verdict, but a ratio of counts is no
    margin, so its band carries none.
    """

    name: str
    counted: bool = False
    why: object = None

    @property
    def explain(self):
        return self.why

    def _band(self, ok: bool, sure_pass: bool, sure_fail: bool, value: float, margin: float) -> Band:
        return Band(ok, sure_pass, sure_fail, value, None if self.counted else margin)

    def band(self, samples: Samples) -> Band:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class AtLeast(Relation):
    """median(num) / median(den) >= ``threshold`` (or median(num) itself when ``den`` is None)."""

    num: str = ""
    den: str | None = None
    threshold: float = 1.0

    def band(self, samples: Samples) -> Band:
        lo, mid, hi = spread(samples, self.num, self.den)
        t = self.threshold
        return self._band(mid >= t, lo >= t, hi < t, mid, mid / t)


@dataclass(frozen=True)
class AtMost(Relation):
    """median(num) / median(den) <= ``threshold`` (or median(num) itself when ``den`` is None).

    ``floor``: values below it count as the floor when the margin is computed
    (a measured zero is as close to zero as the instrument can tell).
    """

    num: str = ""
    den: str | None = None
    threshold: float = 1.0
    floor: float = 0.0

    def band(self, samples: Samples) -> Band:
        lo, mid, hi = spread(samples, self.num, self.den)
        t = self.threshold
        low = max(mid, self.floor)
        margin = t / low if low > 0 else math.inf
        return self._band(mid <= t, hi <= t, lo > t, mid, margin)


@dataclass(frozen=True)
class Within(Relation):
    """median(num) / median(den) lies within [1/``tolerance``, ``tolerance``] (den None: against 1)."""

    num: str = ""
    den: str | None = None
    tolerance: float = 2.0

    def __post_init__(self) -> None:
        if not self.tolerance > 1:
            raise ValueError(f"tolerance is a factor and must be above 1, got {self.tolerance}.")

    def band(self, samples: Samples) -> Band:
        lo, mid, hi = spread(samples, self.num, self.den)
        t, low = self.tolerance, 1 / self.tolerance
        margin = min(mid * t, t / mid) if mid > 0 else 0.0
        return self._band(low <= mid <= t, low <= lo and hi <= t, hi < low or lo > t, mid, margin)


@dataclass(frozen=True)
class Exceeds(Relation):
    """median(big) - median(small) >= ``by`` (in the series' unit, e.g. MB)."""

    big: str = ""
    small: str = ""
    by: float = 0.0

    def band(self, samples: Samples) -> Band:
        b1, b2, b3 = quartiles(samples[self.big])
        s1, s2, s3 = quartiles(samples[self.small])
        value = b2 - s2
        margin = value / self.by if self.by > 0 else (math.inf if value >= 0 else 0.0)
        return self._band(value >= self.by, b1 - s3 >= self.by, b3 - s1 < self.by, value, margin)


@dataclass(frozen=True)
class Between(Relation):
    """median(value) lies at most ``threshold`` of the way from median(low) (0) to median(high) (1).

    The share is ``(value - low) / (high - low)``, undefined (``inf``, a fail) when ``high`` is not above
    ``low``; the pessimistic and optimistic corners come from the three series' quartiles. For a figure
    judged against two references measured in the same rounds, which move together with the machine's load.
    """

    value: str = ""
    low: str = ""
    high: str = ""
    threshold: float = 0.5

    def band(self, samples: Samples) -> Band:
        v1, v2, v3 = quartiles(samples[self.value])
        l1, l2, l3 = quartiles(samples[self.low])
        h1, h2, h3 = quartiles(samples[self.high])
        t = self.threshold
        share = (v2 - l2) / (h2 - l2) if h2 > l2 else math.inf
        margin = t / share if 0 < share < math.inf else (math.inf if share <= 0 else 0.0)
        return self._band(share <= t, v3 - l1 <= t * (h1 - l3), v1 - l3 > t * (h3 - l1), share, margin)


@dataclass(frozen=True)
class Custom(Relation):
    """A relationship no other class expresses: ``compute(samples)`` returns its :class:`Band`."""

    compute: Callable[[Samples], Band] | None = None

    def band(self, samples: Samples) -> Band:
        if self.compute is None:
            raise TypeError(f"relation {self.name} has nothing to compute.")
        return self.compute(samples)
