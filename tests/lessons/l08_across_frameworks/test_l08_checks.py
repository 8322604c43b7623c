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


def test_a_prologue_that_is_no_source_fails_in_one_sentence():
    assert _verdict(lab08.check_switch_in_time, 3) == (
        "FAIL [switch-in-time] PROLOGUE must be a string of Python code, not int"
    )


def test_a_prologue_that_raises_in_its_fresh_process_fails_with_its_last_line():
    text = _verdict(lab08.check_switch_in_time, "raise RuntimeError('no switch here')")
    assert text == (
        "FAIL [switch-in-time] your PROLOGUE with the check's products failed in a fresh process: "
        "RuntimeError: no switch here"
    )
