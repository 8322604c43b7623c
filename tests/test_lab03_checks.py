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


def _waits_every_other(batches, step):
    y = None
    for i, batch in enumerate(batches):
        y = step(batch)
        if i % 2:
            y.wait_to_read()
    return y


def _waits_every_fourth(batches, step):
    y = None
    for i, batch in enumerate(batches):
        y = step(batch)
        if i % 4 == 3:
            y.wait_to_read()
    nd.waitall()
    return y


@pytest.mark.parametrize("sync, asyn, message", [
    (sync_loop, sync_loop, "async_loop waited for a result inside the loop after 16 of 16"),
    (_waits_on_batch, async_loop, "sync_loop did not wait for the result after 16 of 16"),
    # Both clear the 1.35x speed-up on their own (1.36-1.39x and 1.54-1.63x measured):
    (_waits_every_other, async_loop, "sync_loop did not wait for the result after 8 of 16"),
    (sync_loop, _waits_every_fourth, "async_loop waited for a result inside the loop after [34] of 16"),
    (sync_loop, _never_waits, "still pending"),            # the async loop returns too early
    (sync_loop, _first_result, "did not return the result of the last batch"),
])
def test_async_beats_sync_fails_wrong_answers(sync, asyn, message):
    with pytest.raises(CheckFailed, match=rf"^FAIL \[async-beats-sync\].*{message}"):
        lab03.check_async_beats_sync(sync, asyn)


def test_pattern_misses_counts_batches_that_break_the_pattern():
    step_s = 0.002
    returned = [i * 0.01 for i in range(lab03.BATCHES)]
    waited = [0.0] + [r + 0.9 * step_s for r in returned]       # the next ask comes after a wait
    at_once = [0.0] + [r + 0.01 * step_s for r in returned]     # the next ask comes at once
    assert lab03._pattern_misses(waited, returned, step_s, waits=True) == 0
    assert lab03._pattern_misses(at_once, returned, step_s, waits=False) == 0
    assert lab03._pattern_misses(at_once, returned, step_s, waits=True) == lab03.BATCHES
    mixed = [0.0] + [r + (0.9 if i % 2 else 0.01) * step_s for i, r in enumerate(returned)]
    assert lab03._pattern_misses(mixed, returned, step_s, waits=True) == lab03.BATCHES // 2
    # step called twice per batch, or the batches taken all at once: the pattern is broken everywhere
    assert lab03._pattern_misses(waited, returned * 2, step_s, waits=True) == lab03.BATCHES
    assert lab03._pattern_misses(waited[:3], returned, step_s, waits=True) == lab03.BATCHES


def test_pattern_band_uses_the_median_run():
    assert lab03._pattern_band([0, 0, 1, 5]).ok
    assert not lab03._pattern_band([3, 3, 0]).ok
    assert lab03._pattern_band([3, 4, 5]).sure_fail


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
