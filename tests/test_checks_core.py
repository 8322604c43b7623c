"""checks.core and checks.relations: the declaration, the runner and the decision maths, with scripted probes."""

import dataclasses
import itertools
import math
import time

import pytest

from asynclab.checks import core
from asynclab.checks.core import Check, CheckFailed, Protocol, Rejected, check
from asynclab.checks.relations import AtLeast, AtMost, Band, Between, Custom, Exceeds, Within, decide

FAST = Protocol(warmup=0, min_rounds=3, max_rounds=9, budget_s=30)


def const(value):
    return lambda: value


def cycle(*values):
    it = itertools.cycle(values)
    return lambda: next(it)


def faster(factor=10, **kwargs):
    return Check(
        "demo",
        points=2,
        protocol=FAST,
        calls="launch",
        relations=(AtLeast("ratio", num="slow", den="fast", threshold=factor),),
        sentence=f"finishing took {{ratio:.2f}}x as long as enqueueing (needs >= {factor:g}x)",
        threshold=f">= {factor:g}x",
        **kwargs,
    )


def test_a_declared_check_passes_with_a_one_line_verdict():
    result = faster().run({"fast": const(0.001), "slow": const(0.2)})
    assert result.passed and result.score == 2
    assert result.verdict() == "PASS [demo] finishing took 200.00x as long as enqueueing (needs >= 10x)"
    assert repr(result) == result.verdict()
    assert result.figures["ratio"] == pytest.approx(200)
    assert result.margin == pytest.approx(20)
    payload = result.to_dict()
    assert payload["name"] == "demo" and payload["passed"] is True and payload["points"] == 2


def test_a_failing_check_raises_check_failed_without_a_traceback():
    with pytest.raises(CheckFailed) as info:
        faster().run({"fast": const(0.1), "slow": const(0.2)})
    err = info.value
    assert isinstance(err, AssertionError)
    assert err.result.passed is False and err.result.score == 0
    assert err._render_traceback_() == [err.result.verdict()]
    assert str(err).startswith("FAIL [demo] finishing took")


def test_stops_early_when_certain_and_adds_rounds_when_not():
    certain = faster().run({"fast": const(0.001), "slow": const(1.0)})
    assert certain.figures["rounds"] == FAST.min_rounds
    # slow/fast straddles 10x (8x, 12x, 10.5x in turn), so the quartiles stay uncertain
    uncertain = faster().run({"fast": const(0.1), "slow": cycle(0.8, 1.2, 1.05)})
    assert uncertain.figures["rounds"] == FAST.max_rounds


def test_a_failing_verdict_is_measured_again_up_to_the_attempts_and_the_last_is_judged():
    import dataclasses

    def check(attempts):
        return dataclasses.replace(faster(), protocol=dataclasses.replace(FAST, attempts=attempts))

    slow = iter([0.05] * FAST.min_rounds + [1.0] * FAST.min_rounds)  # a burst: 5x, then 100x
    with pytest.raises(CheckFailed):
        check(1).run({"fast": const(0.01), "slow": lambda: next(slow)})
    slow = iter([0.05] * FAST.min_rounds + [1.0] * FAST.min_rounds)
    assert check(2).run({"fast": const(0.01), "slow": lambda: next(slow)}).passed
    calls = itertools.count()
    with pytest.raises(CheckFailed):  # a wrong answer fails every attempt
        check(3).run({"fast": const(0.1), "slow": lambda: next(calls) * 0 + 0.2})
    assert next(calls) == 3 * FAST.min_rounds
    passing = itertools.count()
    assert check(2).run({"fast": const(0.001), "slow": lambda: next(passing) * 0 + 1.0}).passed
    assert next(passing) == FAST.min_rounds  # a pass is not measured again


def test_warmup_calls_are_not_counted():
    check = Check(
        "w",
        1,
        protocol=Protocol(warmup=2, min_rounds=3, max_rounds=3),
        relations=(AtMost("x", num="x", threshold=1.0),),
        sentence="{x}",
    )
    calls = itertools.count()
    result = check.run({"x": lambda: 5.0 if next(calls) < 2 else 0.5})  # the two warm-up calls are off
    assert result.passed


def test_budget_stops_extra_rounds():
    def sleepy():
        time.sleep(0.01)
        return 1.0

    protocol = Protocol(warmup=0, min_rounds=2, max_rounds=1000, budget_s=0.05)
    check = Check(
        "b",
        1,
        protocol=protocol,
        relations=(AtLeast("ratio", num="slow", den="fast", threshold=10),),
        sentence="{ratio}",
    )
    with pytest.raises(CheckFailed) as info:  # 8x and 12x in turn never become certain
        check.run({"fast": sleepy, "slow": cycle(8.0, 12.0, 8.0)})
    assert info.value.result.figures["rounds"] < 20


def test_a_probe_may_return_several_figures_as_series():
    check = Check(
        "m",
        1,
        protocol=FAST,
        relations=(
            Within("call", num="student.call", den="reference", tolerance=2.5),
            AtMost("issue", num="student.issue", den="reference", threshold=0.3),
        ),
        sentence="call {call:.2f}x, issue {issue:.2f}x",
    )
    result = check.run({"student": const({"call": 1.0, "issue": 0.01}), "reference": const(1.0)})
    assert result.message == "call 1.00x, issue 0.01x"
    assert result.figures["student.issue_median"] == pytest.approx(0.01)


def test_the_first_failing_relation_explains_itself():
    check = Check(
        "e",
        1,
        protocol=FAST,
        relations=(
            AtMost("misses", num="misses", threshold=1, why="it missed {misses:g} waits"),
            AtLeast("ratio", num="slow", den="fast", threshold=2),
        ),
        sentence="{ratio:.1f}x",
    )
    with pytest.raises(CheckFailed, match=r"^FAIL \[e\] it missed \d+ waits$"):
        check.run({"misses": const(5), "slow": const(3.0), "fast": const(1.0)})
    with pytest.raises(CheckFailed, match=r"^FAIL \[e\] \d\.\dx$"):
        check.run({"misses": const(0), "slow": const(1.0), "fast": const(1.0)})


def test_a_probe_that_raises_fails_the_check_with_a_sentence():
    def boom():
        raise ZeroDivisionError("division by zero")

    with pytest.raises(CheckFailed) as info:
        faster(blame={"slow": "finish"}).run({"fast": const(0.1), "slow": boom})
    assert info.value.result.message == "calling finish failed: ZeroDivisionError: division by zero"
    with pytest.raises(CheckFailed) as info:
        faster().run({"fast": boom, "slow": const(0.1)})
    assert info.value.result.message.startswith("calling launch failed: ZeroDivisionError")


def test_a_failure_raised_where_no_answer_code_ran_says_so():
    """An exception whose traceback passes through no code of the answer (here: a C function of the standard
    library called straight from the runner) was raised by the check's own code or a library it called."""
    import functools

    with pytest.raises(CheckFailed) as info:
        faster().run({"fast": const(0.1), "slow": functools.partial(math.sqrt, -1.0)})
    message = info.value.result.message
    assert message.startswith("calling launch failed: ValueError") and core.RAISED_IN_CHECK in message
    with pytest.raises(CheckFailed) as info:
        faster().holds(functools.partial(math.sqrt, -1.0))
    assert core.RAISED_IN_CHECK in info.value.result.message


def test_a_failure_that_passed_through_answer_code_blames_the_answer():
    """A cell's code (a file name in angle brackets, as IPython and the catalogue compile cells) is the
    answer's, also when the check's code raised another exception while handling its error; code compiled
    under the course's own file name stands for the check's."""
    cell: dict = {}
    exec(compile("def answer():\n    return 1 / 0\n", "<ex1-answer>", "exec"), cell)
    course_code = (
        "def caught(call):\n"
        "    try:\n        call()\n    except Exception as error:\n        return error\n"
        "def handled():\n"
        "    try:\n        answer()\n    except ZeroDivisionError:\n        raise RuntimeError('met') from None\n"
        "def crashes():\n    return {}['missing']\n"
    )
    check_side = {"answer": cell["answer"]}
    exec(compile(course_code, core.__file__, "exec"), check_side)
    caught = check_side["caught"]
    assert core.raised_in_answer(caught(cell["answer"]))
    assert core.raised_in_answer(caught(check_side["handled"]))
    assert not core.raised_in_answer(caught(check_side["crashes"]))


def test_rejected_shows_its_own_sentence():
    def misuse():
        raise Rejected("launch must return the MXNet array it computed, not NoneType")

    with pytest.raises(CheckFailed) as info:
        faster().run({"fast": misuse, "slow": const(1.0)})
    assert info.value.result.verdict() == "FAIL [demo] launch must return the MXNet array it computed, not NoneType"


@pytest.mark.parametrize(
    "value, words",
    [
        (None, "not a number"),
        ("fast", "not a number"),
        (float("nan"), "returned nan"),
        (float("inf"), "returned inf"),
        (True, "a bool"),
    ],
)
def test_a_probe_returning_nonsense_fails_the_check(value, words):
    with pytest.raises(CheckFailed, match=words):
        faster().run({"fast": const(value), "slow": const(1.0)})


@pytest.mark.parametrize(
    "make, error",
    [
        (lambda: Check("", 1), TypeError),
        (lambda: Check("x", -1), ValueError),
        (lambda: Check("x", True), ValueError),
        (lambda: Check("x", 1, relations=(AtMost("a", num="a"), AtMost("a", num="b"))), ValueError),
        (lambda: Within("w", num="a", tolerance=1.0), ValueError),
        (lambda: Protocol(min_rounds=3, max_rounds=2), ValueError),
        (lambda: Protocol(budget_s=0), ValueError),
        (lambda: Protocol(attempts=0), ValueError),
        (lambda: faster().run({"fast": 3, "slow": const(1.0)}), TypeError),
    ],
)
def test_wrong_declarations_are_rejected_clearly(make, error):
    with pytest.raises(error):
        make()


def test_grader_token_is_copied_into_results(monkeypatch):
    monkeypatch.setattr(core, "_GRADER_TOKEN", "secret")
    assert faster().run({"fast": const(0.001), "slow": const(1.0)}).to_dict()["token"] == "secret"


def test_holds_passes_and_fails_with_the_first_reason():
    check = Check("h", 2, threshold="3/3")
    assert check.holds(lambda: (True, "fine"), repeat=3, description="all good").message == "all good"
    answers = iter([(True, ""), (False, "second went wrong"), (False, "third")])
    with pytest.raises(CheckFailed, match=r"^FAIL \[h\] second went wrong$"):
        check.holds(lambda: next(answers), repeat=3)
    with pytest.raises(CheckFailed, match="raised KeyError"):
        check.holds(lambda: {}["x"])


def test_fail_publishes_a_failing_result():
    with pytest.raises(CheckFailed) as info:
        faster().fail("fit_line is not exact")
    assert info.value.result.verdict() == "FAIL [demo] fit_line is not exact"
    assert info.value.result.margin == 0.0


# ------------------------------------------------------------------ relations

S = {"a": [1.0, 1.0, 1.0], "b": [10.0, 10.0, 10.0], "c": [0.9, 1.0, 1.1], "z": [0.0, 0.0, 0.0]}


def test_at_least_band_and_margin():
    band = AtLeast("r", num="b", den="a", threshold=4).band(S)
    assert band.ok and band.sure_pass and not band.sure_fail and band.value == 10 and band.margin == 2.5
    band = AtLeast("r", num="a", den="b", threshold=4).band(S)
    assert not band.ok and band.sure_fail


def test_at_most_band_with_a_floor():
    band = AtMost("r", num="z", threshold=0.1, floor=0.001).band(S)
    assert band.ok and band.margin == pytest.approx(100)
    assert AtMost("r", num="z", threshold=0.1).band(S).margin == math.inf
    assert not AtMost("r", num="b", den="a", threshold=0.3).band(S).ok


def test_within_band_is_symmetric_on_a_log_scale():
    assert Within("w", num="c", den="a", tolerance=2.5).band(S).margin == pytest.approx(2.5)
    low = Within("w", num="a", den="b", tolerance=2.5).band(S)
    assert not low.ok and low.sure_fail and low.margin == pytest.approx(0.25)


def test_exceeds_band():
    band = Exceeds("d", big="b", small="a", by=4).band(S)
    assert band.ok and band.value == 9 and band.margin == pytest.approx(2.25)
    assert Exceeds("d", big="a", small="b", by=4).band(S).sure_fail


def test_between_band_is_the_share_of_the_way_from_low_to_high():
    series = {"low": [1.0, 1.0, 1.0], "high": [3.0, 3.0, 3.0], "near": [1.2, 1.2, 1.2], "far": [2.8, 2.8, 2.8]}
    near = Between("s", value="near", low="low", high="high", threshold=0.6).band(series)
    assert near.ok and near.sure_pass and near.value == pytest.approx(0.1) and near.margin == pytest.approx(6)
    far = Between("s", value="far", low="low", high="high", threshold=0.6).band(series)
    assert not far.ok and far.sure_fail and far.value == pytest.approx(0.9)
    flat = Between("s", value="near", low="high", high="low", threshold=0.6).band(series)
    assert not flat.ok and flat.value == math.inf


def test_quartiles_decide_when_a_band_is_certain():
    straddle = {"x": [0.8, 1.2, 1.0, 0.9, 1.1], "one": [1.0] * 5}
    band = AtLeast("r", num="x", den="one", threshold=1.0).band(straddle)
    assert band.ok and not band.sure_pass and not band.sure_fail


def test_decide_is_certain_on_any_sure_fail_or_all_sure_passes():
    yes = Band(True, True, False, 1.0)
    unsure = Band(True, False, False, 1.0)
    no = Band(False, False, True, 0.0)
    assert decide(yes, yes) == (True, True)
    assert decide(yes, unsure) == (True, False)
    assert decide(unsure, no) == (False, True)


def test_custom_relation_computes_its_band():
    rel = Custom("c", compute=lambda s: Band(True, True, False, len(s["a"])))
    assert rel.band(S).value == 3
    with pytest.raises(TypeError):
        Custom("c").band(S)


def test_a_bound_on_a_count_decides_but_gives_no_margin():
    counts = {"misses": [1.0, 1.0, 1.0], "slow": [3.0] * 3, "fast": [1.0] * 3}
    band = AtMost("misses", num="misses", threshold=1, counted=True).band(counts)
    assert band.ok and band.margin is None
    assert not AtMost("misses", num="misses", threshold=0, counted=True).band(counts).ok
    check = Check(
        "c",
        1,
        protocol=FAST,
        sentence="{ratio:.1f}x",
        relations=(
            AtMost("misses", num="misses", threshold=1, counted=True),
            AtLeast("ratio", num="slow", den="fast", threshold=2),
        ),
    )
    result = check.run({k: const(v[0]) for k, v in counts.items()})
    assert result.margin == pytest.approx(1.5)  # the ratio's margin, not the count's 1.0


def test_an_oracle_runs_only_inside_its_own_check():
    """refuse_unless_checking asks the call stack, so nothing an answer's cell can set lets it run elsewhere."""
    from asynclab.checks.core import checking, refuse_unless_checking

    def oracle():
        refuse_unless_checking(predict, message="the check's own")
        return 42

    @check("predict", points=1)
    def predict(self, guess):
        return self.holds(lambda: (guess == oracle(), "missed"))

    @check("other", points=1)
    def other(self, fn):
        return self.holds(lambda: fn() == 42)

    assert predict(42).passed
    with pytest.raises(RuntimeError, match="the check's own"):
        oracle()
    assert not checking(predict)
    # an answer another check runs, or a copy of the check with other code, is not the check
    with pytest.raises(CheckFailed, match="RuntimeError: the check's own"):
        other(oracle)
    fake = dataclasses.replace(predict, code=lambda self, guess: oracle())
    with pytest.raises(RuntimeError):
        fake(0)


def test_an_oracle_refuses_an_answer_the_check_runs():
    """An oracle the answer's function reaches while its own check runs it is refused: the answer asked, not the
    check (``inspect.getmodule(fn)._truth(fn)`` in lab 07)."""
    from asynclab.checks.core import refuse_unless_checking

    def oracle():
        refuse_unless_checking(predict, message="the check's own")
        return 42

    @check("predict", points=1)
    def predict(self, guess):
        return self.holds(lambda: (guess() == oracle(), "missed"))

    assert predict(lambda: 42).passed
    source = "def answer():\n    return oracle()\n"
    space = {"oracle": oracle}
    exec(compile(source, "<answer cell>", "exec"), space)
    with pytest.raises(CheckFailed, match="RuntimeError: the check's own"):
        predict(space["answer"])


def test_the_course_modules_cannot_be_changed_while_a_check_runs():
    """An answer cannot swap a name of the course's modules while the check that called it runs (and put it back
    before the check looks); outside a check, tests and tools may."""
    import types

    from asynclab.checks import draw

    @check("swaps", points=1)
    def swaps(self, fn):
        return self.holds(lambda: (fn() == 1, "missed"))

    def answer():
        draw.choice = lambda values: values[0]
        return 1

    with pytest.raises(CheckFailed, match="asynclab.checks.draw is the course's own module"):
        swaps(answer)
    assert draw.choice is not None and isinstance(draw, types.ModuleType)
    original = draw.choice
    draw.choice = original  # outside a check: allowed
    assert draw.choice is original


def _pair(cpus: int = 1):
    """A check ``first`` on a function and a check ``second`` that requires it, on the same function."""

    @check("first", points=1, functions=("fn",), cpus=cpus)
    def first(self, fn):
        return self.holds(lambda: (fn() == 1, "fn() is not 1"))

    @check("second", points=2, functions=("fn",), requires=("first",))
    def second(self, fn):
        return self.holds(lambda: (True, ""), description="ran")

    return first, second


def test_a_check_that_requires_another_counts_only_after_it_passed_on_the_same_function():
    first, second = _pair()

    def one():
        return 1

    def two():
        return 2

    with pytest.raises(CheckFailed, match="counts only once check first has passed on the same fn"):
        second(one)  # first never ran
    assert first(one).passed
    assert second(one).passed
    with pytest.raises(CheckFailed, match="counts only once check first"):
        second(lambda: 1)  # another function, though it returns the same
    with pytest.raises(CheckFailed, match="fn\\(\\) is not 1"):
        first(two)
    with pytest.raises(CheckFailed, match="counts only once check first"):
        second(two)  # its last verdict was a fail
    with pytest.raises(CheckFailed, match="counts only once check first"):
        second(one)  # first's last run judged another function


def test_a_bound_method_is_the_same_function_at_each_access():
    first, second = _pair()

    class Answer:
        def fn(self):
            return 1

    answer = Answer()
    assert first(answer.fn).passed
    assert second(answer.fn).passed
    with pytest.raises(CheckFailed, match="counts only once"):
        second(Answer().fn)


def test_a_check_whose_required_check_could_not_decide_is_inconclusive_too():
    first, second = _pair(cpus=10_000)

    def one():
        return 1

    assert first(one).inconclusive
    result = second(one)
    assert result.inconclusive and not result.passed and result.score == 0
    assert "check first could not decide here" in result.message and result.cpus == 10_000


@pytest.mark.parametrize("requires", [("x",), "first", ("",), ("same",)])
def test_requires_must_name_other_checks(requires):
    if requires == ("x",):
        assert Check("same", 1, requires=requires).requires == ("x",)
        return
    with pytest.raises(ValueError, match="requires must be a tuple"):
        Check("same", 1, requires=requires)


def test_under_the_grader_a_check_runs_whatever_its_kernel_remembers(monkeypatch):
    """The grader's check cells each import a fresh copy of the course: the grader applies requires itself."""
    first, second = _pair()
    monkeypatch.setattr(core, "_GRADER_TOKEN", "secret")
    assert second(lambda: 1).passed


def test_a_count_is_written_in_words_up_to_ten_and_in_digits_above():
    from asynclab.checks.core import in_words

    assert [in_words(n) for n in (0, 1, 5, 10)] == ["no", "one", "five", "ten"]
    assert in_words(11) == "11" and in_words(1500) == "1,500"
