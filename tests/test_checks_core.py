"""checks.core: the protocol and the generic relationships, with scripted probes."""

import itertools
import math

import pytest

from asynclab.checks import core
from asynclab.checks.core import CheckFailed, Protocol

FAST = Protocol(warmup=0, min_rounds=3, max_rounds=9, budget_s=30)


def const(value):
    return lambda: value


def cycle(*values):
    it = itertools.cycle(values)
    return lambda: next(it)


def test_faster_passes_with_a_one_line_verdict():
    result = core.faster("demo", const(0.001), const(0.2), 10, points=2, protocol=FAST,
                         fast_label="enqueueing", slow_label="finishing")
    assert result.passed and result.score == 2
    assert result.verdict() == "PASS [demo] finishing took 200.00x as long as enqueueing (needs >= 10x)"
    assert repr(result) == result.verdict()
    assert result.figures["ratio"] == pytest.approx(200)
    payload = result.to_dict()
    assert payload["name"] == "demo" and payload["passed"] is True and payload["points"] == 2


def test_faster_fails_with_check_failed_and_no_traceback():
    with pytest.raises(CheckFailed) as info:
        core.faster("demo", const(0.1), const(0.2), 10, protocol=FAST)
    err = info.value
    assert isinstance(err, AssertionError)
    assert err.result.passed is False and err.result.score == 0
    assert err._render_traceback_() == [err.result.verdict()]
    assert str(err).startswith("FAIL [demo]")


def test_stops_early_when_certain_and_adds_rounds_when_not():
    certain = core.faster("a", const(0.001), const(1.0), 10, protocol=FAST)
    assert certain.figures["rounds"] == FAST.min_rounds
    # slow/fast straddles 10x (8x, 12x, 10.5x in turn), so the quartiles stay uncertain
    uncertain = core.faster("b", const(0.1), cycle(0.8, 1.2, 1.05), 10, protocol=FAST)
    assert uncertain.figures["rounds"] == FAST.max_rounds


def test_budget_stops_extra_rounds():
    import time

    def sleepy():
        time.sleep(0.01)
        return 1.0

    protocol = Protocol(warmup=0, min_rounds=2, max_rounds=1000, budget_s=0.05)
    try:  # 8x and 12x in turn never become certain, so only the budget can stop it
        result = core.faster("b", sleepy, cycle(8.0, 12.0, 10.5), 10, protocol=protocol)
    except CheckFailed as failed:
        result = failed.result
    assert 2 <= result.figures["rounds"] < 1000


def test_about_equal_window():
    assert core.about_equal("eq", const(1.0), const(1.5), 2, protocol=FAST).passed
    with pytest.raises(CheckFailed):
        core.about_equal("eq", const(1.0), const(3.0), 2, protocol=FAST)
    with pytest.raises(CheckFailed):
        core.about_equal("eq", const(3.0), const(1.0), 2, protocol=FAST)


def test_larger_margin_and_factor():
    assert core.larger("mem", const(300.0), const(100.0), margin=50, factor=2, protocol=FAST).passed
    with pytest.raises(CheckFailed, match="needs \\+250 MB"):
        core.larger("mem", const(300.0), const(100.0), margin=250, protocol=FAST)


def test_at_most_and_holds():
    assert core.at_most("small", const(0.1), 0.2, protocol=FAST).passed
    with pytest.raises(CheckFailed):
        core.at_most("small", const(0.3), 0.2, protocol=FAST)
    assert core.holds("ok", lambda: True, repeat=3).passed
    with pytest.raises(CheckFailed, match="the order was wrong"):
        core.holds("bad", lambda: (False, "the order was wrong"))


def test_a_probe_that_raises_fails_the_check_with_a_sentence():
    def broken():
        raise NotImplementedError("replace this line with your code")

    with pytest.raises(CheckFailed) as info:
        core.faster("demo", broken, const(1.0), 2, protocol=FAST, fast_label="launch(x)")
    assert info.value.result.message == (
        "calling launch(x) failed: NotImplementedError: replace this line with your code")


def test_a_probe_returning_nonsense_fails_the_check():
    with pytest.raises(CheckFailed, match="returned NoneType, not a number"):
        core.at_most("x", lambda: None, 1.0, protocol=FAST, label="your function")
    with pytest.raises(CheckFailed, match="returned nan"):
        core.at_most("x", lambda: float("nan"), 1.0, protocol=FAST, label="your function")


@pytest.mark.parametrize("call, error", [
    (lambda: core.faster("x", const(1), const(1), 0.5), ValueError),
    (lambda: core.faster("x", "fast", const(1), 2), TypeError),
    (lambda: core.faster("x", const(1), const(1), "2"), TypeError),
    (lambda: core.faster("", const(1), const(1), 2), TypeError),
    (lambda: core.faster("x", const(1), const(1), 2, points=-1), ValueError),
    (lambda: core.about_equal("x", const(1), const(1), 1.0), ValueError),
    (lambda: core.larger("x", const(1), const(1), factor=0.5), ValueError),
    (lambda: core.holds("x", 3), TypeError),
    (lambda: core.holds("x", lambda: True, repeat=0), ValueError),
    (lambda: Protocol(min_rounds=0), ValueError),
    (lambda: Protocol(budget_s=0), ValueError),
])
def test_wrong_arguments_are_rejected_clearly(call, error):
    with pytest.raises(error):
        call()


def test_grader_token_is_copied_into_results(monkeypatch):
    monkeypatch.setattr(core, "_GRADER_TOKEN", "secret")
    result = core.holds("ok", lambda: True)
    assert result.to_dict()["token"] == "secret"


def test_margin_says_how_far_from_the_threshold():
    assert core.faster("m", const(0.01), const(1.0), 10, protocol=FAST).margin == pytest.approx(10)
    assert core.about_equal("m", const(1.0), const(1.0), 2, protocol=FAST).margin == pytest.approx(2)
    assert core.at_most("m", const(0.1), 0.2, protocol=FAST).margin == pytest.approx(2)
    assert core.larger("m", const(300.0), const(100.0), margin=100, protocol=FAST).margin == pytest.approx(2)
    with pytest.raises(CheckFailed) as info:
        core.faster("m", const(0.5), const(1.0), 10, protocol=FAST)
    assert info.value.result.margin == pytest.approx(0.2)
    assert info.value.result.to_dict()["margin"] == pytest.approx(0.2)


def test_bands_carry_their_margin():
    from asynclab.checks import bands

    assert bands.at_least([3.0], [1.0], 1.5).margin == pytest.approx(2.0)
    assert bands.at_most([0.1], [1.0], 0.3).margin == pytest.approx(3.0)
    assert bands.at_most([0.0], [1.0], 0.3).margin == math.inf
    assert bands.within([2.0], [1.0], 2.5).margin == pytest.approx(1.25)
    assert bands.within([0.5], [1.0], 2.5).margin == pytest.approx(1.25)
    assert bands.within([4.0], [1.0], 2.5).margin < 1 and not bands.within([4.0], [1.0], 2.5).ok
