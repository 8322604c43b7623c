"""Lab 03's pure verdict helpers (logic only: no MXNet workload).

The answers to lab 03, right and wrong, live in ``asynclab/lessons/l03_async_speed/answers/`` and are
graded by ``tests/test_catalogue.py``.
"""

import statistics

import pytest

from asynclab.foundation.profiling import FRONT_END, OpSpan, Trace
from asynclab.lessons.l03_async_speed import checks as lab03

US = 1e-6


def _loop_trace(passes: int, t1: float, t2: float, t3: float, chores: bool = True) -> Trace:
    """A trace of a loop that waits every time: per pass an issuing call, the operator, a wait (µs)."""
    trace, now = Trace(), 0.0
    for i in range(passes):
        start = now
        trace.calls.append(OpSpan(lab03.TRACE_ISSUE, FRONT_END, 1, start + 0.2 * t1, start + 0.6 * t1))
        trace.spans.append(OpSpan("exp", 0, 2, start + t1, start + t1 + t2))
        trace.calls.append(OpSpan(lab03.TRACE_WAIT, FRONT_END, 1, start + 0.7 * t1, start + t1 + t2 + t3))
        if chores:
            trace.spans.append(OpSpan("WaitForVar", 0, 2, start + t1 + t2 + 1, start + t1 + t2 + t3 + 5))
            if i:
                trace.spans.append(OpSpan("DeleteVariable", 0, 2, start + 0.8 * t1, start + 0.9 * t1))
        now = start + t1 + t2 + t3
    trace.spans.sort(key=lambda s: s.start)
    trace.calls.sort(key=lambda s: s.start)
    return trace


def test_the_costs_of_a_pass_are_read_between_a_wait_and_the_next():
    trace = _loop_trace(8, 40.0, 100.0, 20.0)
    t1, t2, t3 = lab03._trace_costs(trace, statistics.median)
    assert (t1, t2, t3) == pytest.approx((40.0, 100.0, 20.0))
    # the engine's chores are not the operator: the passes line up with or without them
    assert lab03._trace_costs(_loop_trace(8, 40.0, 100.0, 20.0, chores=False), statistics.fmean) == pytest.approx(
        (40.0, 100.0, 20.0)
    )


def test_a_trace_with_a_pass_missing_is_refused():
    trace = _loop_trace(8, 40 * US, 100 * US, 20 * US)
    trace.calls = [c for i, c in enumerate(trace.calls) if i != 5]
    with pytest.raises(ValueError):
        lab03._passes(trace)
    with pytest.raises(ValueError):
        lab03._passes(Trace())


def test_off_counts_tolerances_with_a_floor_of_microseconds():
    ref = (40 * US, 100 * US, 1 * US)
    assert max(lab03._trace_off(ref, ref).values()) == 0
    off = lab03._trace_off((44 * US, 100 * US, 1.8 * US), ref)
    assert off["t1"] > 1  # 4 µs off 40: more than 5% + 1 µs
    assert off["t3"] < 1  # 0.8 µs off 1: inside 5% + the floor of 1 µs


def _skewed_trace(passes: int = 30) -> Trace:
    """A loop trace whose t1 and t2 are skewed (seconds): medians 40 and 100 µs, means about 30% higher."""
    trace, now = Trace(), 0.0
    for i in range(passes):
        t1, t2, t3 = (80 * US, 200 * US, 20 * US) if i % 10 in (3, 6, 9) else (40 * US, 100 * US, 20 * US)
        trace.calls.append(OpSpan(lab03.TRACE_ISSUE, FRONT_END, 1, now + 0.2 * t1, now + 0.6 * t1))
        trace.spans.append(OpSpan("exp", 0, 2, now + t1, now + t1 + t2))
        trace.calls.append(OpSpan(lab03.TRACE_WAIT, FRONT_END, 1, now + 0.7 * t1, now + t1 + t2 + t3))
        now += t1 + t2 + t3
    return trace


@pytest.mark.parametrize(
    ("reading", "verdict"),
    [
        ((statistics.median,) * 3, "PASS [costs-from-trace]"),
        ((statistics.fmean,) * 3, "PASS [costs-from-trace]"),
        (
            (statistics.median, statistics.fmean, statistics.median),
            "FAIL [costs-from-trace] on a hand-built loop, each of your figures matched the trace, but not all "
            "three the same way: take medians for all three, or means for all three",
        ),
    ],
)
def test_costs_from_trace_takes_medians_or_means_but_not_a_mix(monkeypatch, reading, verdict):
    from asynclab.checks import CheckFailed

    monkeypatch.setattr(lab03, "_trace_workloads", lambda: [("a hand-built loop", None, None)])
    monkeypatch.setattr(lab03, "_record_sync_loop", lambda make, op, passes: _skewed_trace(passes))
    medians, means = (lab03._trace_costs(_skewed_trace(), f) for f in (statistics.median, statistics.fmean))
    assert min(b / a for a, b in zip(medians[:2], means[:2])) > 1.2  # t1 and t2: the readings differ by over 10%

    def costs_from_trace(trace):
        by = [lab03._trace_costs(trace, aggregate) for aggregate in reading]
        return by[0][0], by[1][1], by[2][2]

    try:
        text = lab03.check_costs_from_trace(costs_from_trace).verdict()
    except CheckFailed as failed:
        text = str(failed).splitlines()[0]
    assert text.startswith(verdict)


@pytest.mark.parametrize("ok", [True, False])
def test_the_stop_checks_sentence_says_what_waited_only_when_it_fails(ok):
    from asynclab.checks.core import Outcome
    from asynclab.checks.relations import Band

    ratio = Band(ok=ok, sure_pass=ok, sure_fail=not ok, value=1.5 if ok else 1.0)
    sentence = lab03.check_async_beats_sync.sentence(Outcome({}, {"ratio": ratio}, rounds=2, seconds=1.0))
    assert sentence.startswith("a loop that reads every loss at once took")
    assert ("still waits for each step" in sentence) is not ok and ("comparison" in sentence) is not ok
