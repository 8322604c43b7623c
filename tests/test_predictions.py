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


def test_a_number_that_computes_when_read_is_timed_too():
    class Lazy(float):
        def __float__(self):
            time.sleep(0.1)
            return 6.0

    with pytest.raises(Rejected, match="not a measurement"):
        answered("f(2)", lambda x: Lazy(6.0), (2,), "seconds", 0.05)


class _Lying(dict):
    """A table that says True when validated and 'equal' when compared: every look-up after the first answers
    an object whose != is always False."""

    reads = 0

    def __getitem__(self, key):
        _Lying.reads += 1
        if _Lying.reads % 2:
            return False

        class Agrees:
            def __ne__(self, other):
                return False

            def __eq__(self, other):
                return True

        return Agrees()


def test_a_table_is_judged_on_a_plain_copy_read_once():
    from asynclab.checks.predictions import plain, yes_or_no

    keys = ["a", "b"]
    lying = _Lying({"a": False, "b": False})
    # the copy holds what the dict holds, not what its look-ups say
    assert plain(lying) == {"a": False, "b": False} and type(plain(lying)) is dict
    ok, why = yes_or_no(lying, keys, "key", lambda: {"a": True, "b": True}, "what ran")
    assert not ok and "did not all match" in why
    assert yes_or_no({"a": True, "b": True}, keys, "key", lambda: {"a": True, "b": True}, "what ran") == (True, "")
    ok, why = yes_or_no({"a": 1, "b": True}, keys, "key", lambda: {"a": True, "b": True}, "what ran")
    assert not ok and "must be True or False" in why
    assert plain([("a", True)]) is None


def test_the_prediction_tables_of_labs_02_05_and_08_are_read_through_a_plain_copy():
    # the checks with a table of their own shape call predictions.plain before anything else
    import inspect

    from asynclab.lessons.l02_sync_points import checks as lab02
    from asynclab.lessons.l05_inside_the_engine import checks as lab05
    from asynclab.lessons.l08_across_frameworks import checks as lab08

    for code in (
        lab02.check_predict_error_line.code,
        lab05.check_predict_schedule.code,
        lab08.check_predict_frameworks.code,
    ):
        assert "table = plain(predicted)" in inspect.getsource(code)
