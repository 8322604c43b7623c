"""Lab 02's checks pass the solution and fail the plausible wrong answers.

Thresholds sit far from both sides (solutions near 1x, wrong answers near
0.01x or 1x on the other criterion), so these relationships are not flaky;
no absolute time is asserted.
"""

import re
import time

import pytest
from mxnet import nd, np, npx

from asynclab.checks import CheckFailed, lab02
from asynclab.timing import Benchmark


def _time_sync_call(wait_before_issue_stops=False, call_sync=True):
    def time_sync_call(issue, sync):
        start = time.perf_counter()
        y = issue()
        if wait_before_issue_stops:
            sync(y)
        issued = time.perf_counter()
        if call_sync:
            sync(y)
        return issued - start, time.perf_counter() - issued
    return time_sync_call


def test_sync_costs_compute_passes_the_solution():
    assert lab02.check_sync_costs_compute(_time_sync_call()).passed


@pytest.mark.parametrize("wrong", [
    _time_sync_call(call_sync=False),                 # the sync call is never made
    _time_sync_call(wait_before_issue_stops=True),    # issuing's clock includes the wait
    lambda issue, sync: (sync(issue()), (0.0001, 0.01))[1],   # typed-in numbers: wrong at one size at least
])
def test_sync_costs_compute_fails_wrong_answers(wrong):
    with pytest.raises(CheckFailed, match=r"^FAIL \[sync-costs-compute\]"):
        lab02.check_sync_costs_compute(wrong)


def _timed_wait(issue, sync):
    """Times y.wait_to_read() instead of the sync call it was handed: same numbers, wrong code."""
    start = time.perf_counter()
    y = issue()
    issued = time.perf_counter()
    y.wait_to_read()
    return issued - start, time.perf_counter() - issued


def _sync_on_a_copy(issue, sync):
    start = time.perf_counter()
    y = issue()
    issued = time.perf_counter()
    sync(y + 0)
    return issued - start, time.perf_counter() - issued


@pytest.mark.parametrize("wrong, message", [
    (_timed_wait, r"sync\(\) 0 time"),
    (_sync_on_a_copy, "on another array"),
    (lambda issue, sync: (issue(), sync(issue()), (0.0, 0.0))[2], r"issue\(\) 2"),
])
def test_sync_costs_compute_insists_on_the_sync_call_it_passes(wrong, message):
    with pytest.raises(CheckFailed, match=r"^FAIL \[sync-costs-compute\] time_sync_call must call") as info:
        lab02.check_sync_costs_compute(wrong)
    assert re.search(message, str(info.value))


@pytest.mark.parametrize("wrong, message", [
    (lambda issue, sync: 0.5, "must return a pair"),
    (lambda issue, sync: (_ for _ in ()).throw(NotImplementedError()), "NotImplementedError"),
])
def test_sync_costs_compute_explains_broken_functions(wrong, message):
    with pytest.raises(CheckFailed, match=message):
        lab02.check_sync_costs_compute(wrong)


def sample(scale, shape):
    y = nd.random.normal(0, scale, shape=shape)
    y.wait_to_read()
    return y


def test_error_at_sync_passes_the_solution():
    assert lab02.check_error_at_sync(sample).passed


def _sample_then(after):
    def wrong(scale, shape):
        y = nd.random.normal(0, scale, shape=shape)
        after(y, shape)
        return y
    return wrong


def _python_check(scale, shape):
    if scale <= 0:
        raise ValueError("scale must be positive")
    return nd.random.normal(0, scale, shape=shape)


@pytest.mark.parametrize("wrong, message", [
    (_sample_then(lambda y, shape: None), "surfaced later"),                        # no synchronization
    (_sample_then(lambda y, shape: nd.ones(shape).wait_to_read()), "surfaced later"),  # waits on another array
    (_python_check, "raised ValueError itself"),                                     # never asks the back end
    (lambda scale, shape: (_ for _ in ()).throw(NotImplementedError()), "not written yet"),
    (lambda scale, shape: sample(abs(scale) + 1, shape), "returned and no error"),    # silently fixes the scale
])
def test_error_at_sync_fails_wrong_answers(wrong, message):
    with pytest.raises(CheckFailed, match=rf"^FAIL \[error-at-sync\].*{message}"):
        lab02.check_error_at_sync(wrong)
    nd.waitall()  # the check leaves no error pending


def test_error_at_sync_wants_the_right_values():
    with pytest.raises(CheckFailed, match="spread"):
        lab02.check_error_at_sync(lambda scale, shape: sample(scale, shape) * 3 if scale > 0 else sample(scale, shape))


def _time_steps(sync):
    def time_steps(x):
        seconds = {}
        values = {"x": x}
        with Benchmark("dot", sync=sync, quiet=True) as bench:
            values["dot"] = np.dot(x, x)
        seconds["dot"] = bench.seconds
        with Benchmark("relu", sync=sync, quiet=True) as bench:
            values["relu"] = npx.relu(values["dot"])
        seconds["relu"] = bench.seconds
        with Benchmark("mean", sync=sync, quiet=True) as bench:
            values["mean"] = values["relu"].mean()
        seconds["mean"] = bench.seconds
        with Benchmark("item", sync=sync, quiet=True) as bench:
            values["mean"].item()
        seconds["item"] = bench.seconds
        return seconds
    return time_steps


def test_blame_right_line_passes_the_solution():
    assert lab02.check_blame_right_line(_time_steps(True)).passed


@pytest.mark.parametrize("wrong", [
    _time_steps(False),                                      # plain stopwatch: item() gets the blame
    _time_steps(lambda: None),                               # a "sync" that does nothing
    lambda x: {"dot": 0.02, "relu": 0.001, "mean": 0.001, "item": 0.0001},   # typed-in numbers
])
def test_blame_right_line_fails_wrong_answers(wrong):
    with pytest.raises(CheckFailed, match=r"^FAIL \[blame-right-line\]"):
        lab02.check_blame_right_line(wrong)


def test_blame_right_line_explains_missing_keys():
    with pytest.raises(CheckFailed, match="keys dot, relu, mean, item"):
        lab02.check_blame_right_line(lambda x: {"dot": 1.0})
