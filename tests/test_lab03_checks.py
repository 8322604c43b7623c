"""Lab 03's checks pass the solution and fail the plausible wrong answers.

The wrong answers land near 1x (loops), 20-60x or ~0x (t1), or fail an
exact comparison (fit_line), far from the thresholds; no absolute time is
asserted.
"""

import time

import numpy
import pytest
from mxnet import nd

from asynclab.checks import CheckFailed, lab03


def sync_loop(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
        y.wait_to_read()
    return y


def async_loop(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
    nd.waitall()
    return y


def test_async_beats_sync_passes_the_solution():
    assert lab03.check_async_beats_sync(sync_loop, async_loop).passed


def _waits_on_batch(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
        batch.wait_to_read()
    return y


def _never_waits(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
    return y


def _first_result(batches, step):
    results = [step(batch) for batch in batches]
    nd.waitall()
    return results[0]


@pytest.mark.parametrize("sync, asyn, message", [
    (sync_loop, sync_loop, "needs >= 1.35x"),             # waits every time in both
    (_waits_on_batch, async_loop, "needs >= 1.35x"),       # waits on the wrong array
    (sync_loop, _never_waits, "still pending"),            # the async loop returns too early
    (sync_loop, _first_result, "did not return the result of the last batch"),
])
def test_async_beats_sync_fails_wrong_answers(sync, asyn, message):
    with pytest.raises(CheckFailed, match=rf"^FAIL \[async-beats-sync\].*{message}"):
        lab03.check_async_beats_sync(sync, asyn)


def fit_line(ns, seconds):
    slope, intercept = numpy.polyfit(ns, seconds, 1)
    return intercept, slope


def test_model_predicts_passes_the_solution_and_the_engine_fit():
    from asynclab import models

    assert lab03.check_model_predicts(fit_line).passed
    assert lab03.check_model_predicts(models.fit_line).passed   # a LineFit unpacks as (intercept, slope)


@pytest.mark.parametrize("wrong", [
    lambda ns, s: tuple(numpy.polyfit(ns, s, 1)),                                  # slope first
    lambda ns, s: (s[0] - (s[-1] - s[0]) / (ns[-1] - ns[0]) * ns[0], (s[-1] - s[0]) / (ns[-1] - ns[0])),
    lambda ns, s: (0.0, sum(s) / sum(ns)),                                          # no intercept
    lambda ns, s: (0.001, 2e-5),                                                    # typed-in numbers
])
def test_model_predicts_fails_wrong_fits(wrong):
    with pytest.raises(CheckFailed, match=r"^FAIL \[model-predicts\] on random points"):
        lab03.check_model_predicts(wrong)


def test_model_predicts_explains_a_broken_function():
    with pytest.raises(CheckFailed, match="must return \\(intercept, slope\\)"):
        lab03.check_model_predicts(lambda ns, s: 3.0)


def issue_seconds(x, n):
    start = time.perf_counter()
    for _ in range(n):
        nd.dot(x, x)
    return time.perf_counter() - start


def test_t1_below_round_trip_passes_the_solution():
    assert lab03.check_t1_below_round_trip(issue_seconds).passed


def _issue_then(after):
    def wrong(x, n):
        start = time.perf_counter()
        for _ in range(n):
            y = nd.dot(x, x)
            after(y, "each")
        after(None, "end")
        return time.perf_counter() - start
    return wrong


@pytest.mark.parametrize("wrong", [
    _issue_then(lambda y, when: nd.waitall() if when == "end" else None),      # times the compute too
    _issue_then(lambda y, when: y.wait_to_read() if when == "each" else None),  # a round trip per product
    lambda x, n: issue_seconds(x, n) / n,                                      # per product, not in all
    lambda x, n: 1e-5 * 40,                                                    # a typed-in number
])
def test_t1_below_round_trip_fails_wrong_answers(wrong):
    with pytest.raises(CheckFailed, match=r"^FAIL \[t1-below-round-trip\]"):
        lab03.check_t1_below_round_trip(wrong)


def test_t1_below_round_trip_explains_a_non_number():
    with pytest.raises(CheckFailed, match="must return seconds"):
        lab03.check_t1_below_round_trip(lambda x, n: "fast")
