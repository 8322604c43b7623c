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
