"""Lab 08's checks: what they refuse in one sentence before measuring anything."""

import pytest

from asynclab.checks import CheckFailed
from asynclab.lessons.l08_across_frameworks import checks as lab08


def _verdict(fn, *args):
    with pytest.raises(CheckFailed) as failed:
        fn(*args)
    return str(failed.value)


def test_a_finish_that_is_no_function_fails_in_one_sentence():
    assert _verdict(lab08.check_finish_every_framework, "finish") == (
        "FAIL [finish-every-framework] finish must be a function, not str"
    )


def test_a_timed_forward_that_is_no_function_fails_in_one_sentence():
    assert _verdict(lab08.check_timed_forward_fixed, 0.06) == (
        "FAIL [timed-forward-fixed] timed_forward must be a function, not float"
    )


def test_a_timed_forward_that_returns_no_pair_fails_in_one_sentence():
    text = _verdict(lab08.check_timed_forward_fixed, lambda x, weights: 0.06)
    assert text == (
        "FAIL [timed-forward-fixed] timed_forward must return a pair: the network's output and the seconds it took"
    )


def test_a_timed_forward_that_raises_names_the_framework_and_the_error():
    def raises(x, weights):
        raise RuntimeError("Found no NVIDIA driver on your system (CUDA)")

    text = _verdict(lab08.check_timed_forward_fixed, raises)
    assert text == (
        "FAIL [timed-forward-fixed] timed_forward failed on MXNet's arrays: RuntimeError: Found no NVIDIA "
        "driver on your system (CUDA) (this machine has no CUDA device)"
    )


def _finish_outcome(finish_s, left_s):
    """What finish-every-framework measures on five rounds of a 2000x2000 product (0.2 s, issued in 0.3 ms) and a
    1000x1000 one (25 ms), for a finish that takes ``finish_s`` and leaves ``left_s`` of the product queued."""
    from asynclab.checks.core import Outcome

    enqueue = 0.0003
    samples = {
        "mxnet.enqueue": [enqueue] * 5,
        "mxnet.finish": [finish_s] * 5,
        "mxnet.left": [left_s] * 5,
        "mxnet.span": [enqueue + finish_s + left_s] * 5,
        "small.finish": [min(finish_s, 0.025)] * 5,
        "small.compute": [0.025] * 5,
        "small.size": [1000.0] * 5,
    }
    check = lab08.check_finish_every_framework
    return check, Outcome(samples, check.bands(samples), rounds=5, seconds=1.0)


def test_a_finish_that_sleeps_a_few_milliseconds_fails_on_what_it_left_queued():
    """4 ms is over 10x the product's issuing time, yet almost all of the product is still queued."""
    check, outcome = _finish_outcome(finish_s=0.004, left_s=0.196)
    with pytest.raises(CheckFailed) as failed:
        check.judge(outcome)
    assert str(failed.value) == (
        "FAIL [finish-every-framework] when finish(y) returned on a 2000x2000 MXNet product, 0.98 of the "
        "product's time was still queued (needs <= 0.25): finish(y) returned before y was computed"
    )


def test_a_finish_that_waits_for_the_product_passes():
    check, outcome = _finish_outcome(finish_s=0.2, left_s=0.00002)
    assert check.judge(outcome).passed
