"""The check protocol and the generic relationships between measurements.

A check measures a relationship itself (it calls the probes it is given, it
does not trust numbers handed to it) and decides robustly on a noisy 2-core
machine:

1. warm-up calls that are not counted;
2. interleaved rounds (A B, B A, A B, ...) so that drifts hit every probe;
3. medians, compared with a threshold that leaves a wide margin below the
   effect actually measured on the reference machine;
4. more rounds only while the verdict is still uncertain (the quartiles
   straddle the threshold), inside a time budget.

Each check returns a :class:`CheckResult` that Jupyter shows as one line::

    PASS [queue-vs-finish] finish took 310.52x as long as enqueue (needs >= 10x)

and publishes a machine-readable copy (MIME type :data:`MIME_TYPE`) that the
grader reads. A failing check raises :class:`CheckFailed`, which IPython shows
as that one line too, without a traceback.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from asynclab.timing import quartiles

MIME_TYPE = "application/vnd.asynclab.check+json"

# Set by the grader right before a check cell runs; copied into every
# published result so that results printed by anything else do not count.
_GRADER_TOKEN: str | None = None

Probe = Callable[[], float]


@dataclass(frozen=True)
class Protocol:
    """How many rounds a check may spend. ``budget_s`` is wall seconds."""

    warmup: int = 1
    min_rounds: int = 5
    max_rounds: int = 25
    budget_s: float = 30.0

    def __post_init__(self) -> None:
        if self.warmup < 0:
            raise ValueError(f"warmup cannot be negative, got {self.warmup}.")
        if self.min_rounds < 1 or self.max_rounds < self.min_rounds:
            raise ValueError("need 1 <= min_rounds <= max_rounds.")
        if self.budget_s <= 0:
            raise ValueError(f"budget_s must be positive, got {self.budget_s}.")


DEFAULT_PROTOCOL = Protocol()


@dataclass
class CheckResult:
    """The outcome of one check: what the grader scores and the student reads."""

    name: str
    points: float
    passed: bool
    message: str
    figures: dict[str, float] = field(default_factory=dict)
    threshold: str = ""
    # How far the decisive figure sits from its threshold, as a factor:
    # above 1 on the passing side, below 1 on the failing side (None: not a measurement).
    margin: float | None = None

    @property
    def score(self) -> float:
        return self.points if self.passed else 0.0

    def verdict(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'} [{self.name}] {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, as published for the grader."""
        figures = {k: (v if isinstance(v, (int, float)) and math.isfinite(v) else None)
                   for k, v in self.figures.items()}
        return {"name": self.name, "points": self.points, "passed": self.passed,
                "score": self.score, "message": self.message, "threshold": self.threshold,
                "margin": self.margin if self.margin is None or math.isfinite(self.margin) else None,
                "figures": figures, "token": _GRADER_TOKEN}

    def __repr__(self) -> str:
        return self.verdict()

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.verdict())


class CheckFailed(AssertionError):
    """A check did not hold. IPython shows only the verdict sentence."""

    def __init__(self, result: CheckResult) -> None:
        super().__init__(result.verdict())
        self.result = result

    def _render_traceback_(self) -> list[str]:
        return [self.result.verdict()]


def _publish(result: CheckResult) -> None:
    """Send the machine-readable result to the notebook (no-op outside IPython)."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython ships with the course
        return
    if get_ipython() is None:
        return
    display({MIME_TYPE: result.to_dict()}, raw=True)


def _finish(result: CheckResult) -> CheckResult:
    _publish(result)
    if not result.passed:
        raise CheckFailed(result)
    return result


def _validate_common(name: str, points: float) -> None:
    if not isinstance(name, str) or not name:
        raise TypeError("a check needs a non-empty string name.")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or points < 0:
        raise ValueError(f"points must be a non-negative number, got {points!r}.")


def _validate_probes(probes: Mapping[str, Probe]) -> None:
    for label, probe in probes.items():
        if not callable(probe):
            raise TypeError(f"the probe for {label!r} must be callable, got {type(probe).__name__}.")


class _ProbeError(Exception):
    def __init__(self, label: str, error: BaseException) -> None:
        super().__init__(label)
        self.label, self.error = label, error


def _call(label: str, probe: Probe) -> float:
    try:
        value = probe()
    except Exception as error:  # the student's code failed; say so plainly
        raise _ProbeError(label, error) from error
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise _ProbeError(label, TypeError(f"it returned {type(value).__name__}, not a number")) from None
    if not math.isfinite(value):
        raise _ProbeError(label, ValueError(f"it returned {value}"))
    return value


Decide = Callable[[Mapping[str, Sequence[float]]], tuple[bool, bool]]


def run_rounds(probes: Mapping[str, Probe], decide: Decide,
               protocol: Protocol = DEFAULT_PROTOCOL) -> tuple[dict[str, list[float]], int, float]:
    """Interleave the probes until ``decide`` is certain or the protocol runs out.

    ``decide(samples)`` returns ``(passes, certain)``. Returns the samples by
    label, the number of rounds and the seconds spent.
    """
    _validate_probes(probes)
    start = time.perf_counter()
    order = list(probes)
    for label in order:
        for _ in range(protocol.warmup):
            _call(label, probes[label])
    samples: dict[str, list[float]] = {label: [] for label in order}
    rounds = 0
    while rounds < protocol.max_rounds:
        for label in (order if rounds % 2 == 0 else order[::-1]):
            samples[label].append(_call(label, probes[label]))
        rounds += 1
        if rounds >= protocol.min_rounds:
            _, certain = decide(samples)
            if certain or time.perf_counter() - start > protocol.budget_s:
                break
    return samples, rounds, time.perf_counter() - start


def _median(values: Sequence[float]) -> float:
    return quartiles(values)[1]


def _ratio_bounds(num: Sequence[float], den: Sequence[float]) -> tuple[float, float, float]:
    """(pessimistic, median, optimistic) ratio of num to den from quartiles."""
    n1, n2, n3 = quartiles(num)
    d1, d2, d3 = quartiles(den)
    tiny = 1e-12
    return n1 / max(d3, tiny), n2 / max(d2, tiny), n3 / max(d1, tiny)


def _failed_probe(name: str, points: float, err: _ProbeError) -> CheckResult:
    error = err.error
    return CheckResult(name, points, False,
                       f"calling {err.label} failed: {type(error).__name__}: {error}",
                       threshold="", figures={})


def _fmt(value: float) -> str:
    return f"{value:.2f}"


def faster(name: str, fast: Probe, slow: Probe, factor: float, *, points: float = 1,
           fast_label: str = "the fast version", slow_label: str = "the slow version",
           protocol: Protocol = DEFAULT_PROTOCOL) -> CheckResult:
    """Pass when ``slow`` takes at least ``factor`` times as long as ``fast``.

    Both probes return seconds. ``factor`` must be at least 1.
    """
    _validate_common(name, points)
    if isinstance(factor, bool) or not isinstance(factor, (int, float)):
        raise TypeError(f"factor must be a number, got {type(factor).__name__}.")
    if factor < 1:
        raise ValueError(f"a faster-than factor below 1 ({factor}) would pass a slower version; use >= 1.")
    _validate_probes({fast_label: fast, slow_label: slow})

    def decide(s):
        lo, mid, hi = _ratio_bounds(s["slow"], s["fast"])
        return mid >= factor, lo >= factor or hi < factor

    try:
        samples, rounds, spent = run_rounds({"fast": fast, "slow": slow}, decide, protocol)
    except _ProbeError as err:
        label = fast_label if err.label == "fast" else slow_label
        return _finish(_failed_probe(name, points, _ProbeError(label, err.error)))
    lo, ratio, hi = _ratio_bounds(samples["slow"], samples["fast"])
    passed = ratio >= factor
    message = (f"{slow_label} took {_fmt(ratio)}x as long as {fast_label} (needs >= {factor:g}x)")
    figures = {"ratio": ratio, "ratio_low": lo, "ratio_high": hi,
               "fast_median_s": _median(samples["fast"]), "slow_median_s": _median(samples["slow"]),
               "rounds": rounds, "seconds": spent}
    return _finish(CheckResult(name, points, passed, message, figures, f">= {factor:g}x",
                               margin=ratio / factor))


def about_equal(name: str, a: Probe, b: Probe, tolerance: float, *, points: float = 1,
                a_label: str = "a", b_label: str = "b", unit: str = "s",
                protocol: Protocol = DEFAULT_PROTOCOL) -> CheckResult:
    """Pass when median(a) / median(b) lies within [1/tolerance, tolerance].

    ``tolerance`` is a factor above 1 (2 means "within a factor of two").
    """
    _validate_common(name, points)
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)):
        raise TypeError(f"tolerance must be a number, got {type(tolerance).__name__}.")
    if tolerance <= 1:
        raise ValueError(f"tolerance is a factor and must be above 1, got {tolerance}.")
    _validate_probes({a_label: a, b_label: b})
    low, high = 1 / tolerance, tolerance

    def decide(s):
        lo, mid, hi = _ratio_bounds(s["a"], s["b"])
        passes = low <= mid <= high
        certain = (low <= lo and hi <= high) or hi < low or lo > high
        return passes, certain

    try:
        samples, rounds, spent = run_rounds({"a": a, "b": b}, decide, protocol)
    except _ProbeError as err:
        label = a_label if err.label == "a" else b_label
        return _finish(_failed_probe(name, points, _ProbeError(label, err.error)))
    lo, ratio, hi = _ratio_bounds(samples["a"], samples["b"])
    passed = low <= ratio <= high
    message = (f"{a_label} was {_fmt(ratio)}x {b_label} "
               f"(needs between {low:.2g}x and {high:g}x)")
    figures = {"ratio": ratio, "ratio_low": lo, "ratio_high": hi,
               f"a_median_{unit}": _median(samples["a"]), f"b_median_{unit}": _median(samples["b"]),
               "rounds": rounds, "seconds": spent}
    return _finish(CheckResult(name, points, passed, message, figures,
                               f"within {low:.2g}x..{high:g}x",
                               margin=min(ratio / low, high / ratio) if ratio > 0 else 0.0))


def larger(name: str, big: Probe, small: Probe, *, margin: float = 0.0, factor: float = 1.0,
           points: float = 1, big_label: str = "the first", small_label: str = "the second",
           unit: str = "MB", protocol: Protocol = DEFAULT_PROTOCOL) -> CheckResult:
    """Pass when median(big) >= factor * median(small) and exceeds it by ``margin``.

    Meant for memory (MB) but works for any unit.
    """
    _validate_common(name, points)
    if margin < 0 or factor < 1:
        raise ValueError("larger() needs margin >= 0 and factor >= 1.")
    _validate_probes({big_label: big, small_label: small})

    def holds(b_value: float, s_value: float) -> bool:
        return b_value >= factor * s_value and b_value - s_value >= margin

    def decide(s):
        b1, b2, b3 = quartiles(s["big"])
        s1, s2, s3 = quartiles(s["small"])
        return holds(b2, s2), holds(b1, s3) or not holds(b3, s1)

    try:
        samples, rounds, spent = run_rounds({"big": big, "small": small}, decide, protocol)
    except _ProbeError as err:
        label = big_label if err.label == "big" else small_label
        return _finish(_failed_probe(name, points, _ProbeError(label, err.error)))
    b_med, s_med = _median(samples["big"]), _median(samples["small"])
    passed = holds(b_med, s_med)
    need = []
    if margin:
        need.append(f"+{margin:g} {unit}")
    if factor > 1:
        need.append(f"{factor:g}x")
    message = (f"{big_label} reached {b_med:.1f} {unit}, {small_label} {s_med:.1f} {unit} "
               f"(needs {' and '.join(need) or 'more'})")
    figures = {"big_median": b_med, "small_median": s_med, "difference": b_med - s_med,
               "rounds": rounds, "seconds": spent}
    margins = [b_med / (factor * s_med) if s_med > 0 else math.inf]
    if margin:
        margins.append((b_med - s_med) / margin)
    return _finish(CheckResult(name, points, passed, message, figures,
                               " and ".join(need) or "larger", margin=min(margins)))


def at_most(name: str, probe: Probe, limit: float, *, points: float = 1, label: str = "the figure",
            unit: str = "", protocol: Protocol = DEFAULT_PROTOCOL) -> CheckResult:
    """Pass when the median of ``probe`` is at most ``limit``."""
    _validate_common(name, points)
    _validate_probes({label: probe})

    def decide(s):
        q1, q2, q3 = quartiles(s["x"])
        return q2 <= limit, q3 <= limit or q1 > limit

    try:
        samples, rounds, spent = run_rounds({"x": probe}, decide, protocol)
    except _ProbeError as err:
        return _finish(_failed_probe(name, points, _ProbeError(label, err.error)))
    value = _median(samples["x"])
    suffix = f" {unit}" if unit else ""
    message = f"{label} was {value:.3g}{suffix} (needs <= {limit:g}{suffix})"
    figures = {"median": value, "worst": max(samples["x"]), "rounds": rounds, "seconds": spent}
    return _finish(CheckResult(name, points, value <= limit, message, figures, f"<= {limit:g}{suffix}",
                               margin=limit / value if value > 0 else math.inf))


def holds(name: str, condition: Callable[[], tuple[bool, str] | bool], *, points: float = 1,
          repeat: int = 1, description: str = "") -> CheckResult:
    """Pass when ``condition()`` is true every one of ``repeat`` times.

    ``condition`` returns a bool or ``(bool, explanation)``; the first
    explanation of a failure becomes the message.
    """
    _validate_common(name, points)
    if not callable(condition):
        raise TypeError(f"condition must be callable, got {type(condition).__name__}.")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")
    passed_count, reason = 0, ""
    for _ in range(repeat):
        try:
            outcome = condition()
        except Exception as error:
            return _finish(CheckResult(name, points, False,
                                       f"the code under test raised {type(error).__name__}: {error}"))
        ok, why = (outcome if isinstance(outcome, tuple) else (bool(outcome), ""))
        if not ok:
            reason = why or "the condition did not hold"
            break
        passed_count += 1
        reason = reason or why
    passed = passed_count == repeat
    message = (description or reason or "holds") if passed else reason
    return _finish(CheckResult(name, points, passed, message,
                               {"held": passed_count, "repeat": repeat}, f"{repeat}/{repeat}"))
