"""asynclab.checks.predictions: the gate a prediction passes before anything is measured."""

import time

import pytest

from asynclab.checks.core import Rejected
from asynclab.checks.predictions import answered


def test_a_prompt_number_is_returned_as_a_float():
    assert answered("f(2)", lambda x: 3 * x, (2,), "seconds", 0.05) == 6.0


@pytest.mark.parametrize(
    "predict, words",
    [
        (lambda x: "6 s", "f(2) returned '6 s', not a number of seconds"),
        (lambda x: float("inf"), "not a number of seconds"),
        (lambda x: 1 / 0, "f(2) raised ZeroDivisionError"),
        (lambda x: time.sleep(0.1) or 6.0, "not a measurement"),
    ],
)
def test_what_is_no_prediction_gets_one_sentence(predict, words):
    with pytest.raises(Rejected, match=words.replace("(", r"\(").replace(")", r"\)")) as error:
        answered("f(2)", predict, (2,), "seconds", 0.05)
    assert "\n" not in str(error.value)
