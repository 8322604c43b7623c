"""One CPU, handled: a check that needs more CPUs than the process may use comes back inconclusive.

Logic tests (no kernel): how a check declares the CPUs it needs, how it
detects that fewer are available (``os.sched_getaffinity`` where it exists,
else ``os.cpu_count()``), the inconclusive result it publishes instead of
running, how the grader scores it (and withholds the verdict of a check that
ran on fewer CPUs than it needs), and how the outcome reads in
``results.json``, the gradebook, the feedback, the self-check's table and the
Gradescope results.

The measured test at the end (marked ``measured``, ``kernel`` and ``untimed``: the side
lane, as its verdicts time nothing) grades lab 03's solution and one wrong answer with the course's grader
pinned to one core (``taskset -c 0``) and asserts outcomes, never figures.
Which checks keep their verdicts on one core is measured in
``bench/reports/one_core.md``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from asynclab.checks import core
from asynclab.checks.core import Check, CheckFailed, Protocol
from asynclab.checks.relations import AtLeast
from asynclab.grading import gradescope, report
from asynclab.grading.guard import GuardReport
from asynclab.grading.kernel import CellRun
from asynclab.grading.model import CheckOutcome, CheckSpec, SubmissionResult
from asynclab.grading.scoring import score_check
from asynclab.grading.selfcheck import Checked, score_table

ROOT = Path(__file__).resolve().parents[1]
FAST = Protocol(warmup=0, min_rounds=3, max_rounds=3, budget_s=10)


def _check(cpus: int = 2) -> Check:
    def code(self, launch):
        return self.run({"fast": lambda: 0.001, "slow": lambda: 0.2 if launch() else 0.001})

    return Check(
        "overlap",
        points=3,
        protocol=FAST,
        relations=(AtLeast("ratio", num="slow", den="fast", threshold=10),),
        sentence="{ratio:.1f}x (needs >= 10x)",
        threshold=">= 10x",
        functions=("launch",),
        cpus=cpus,
        code=code,
    )


# -- detection and the check's own outcome -------------------------------------
def test_available_cpus_is_the_affinity_where_there_is_one(monkeypatch):
    if hasattr(os, "sched_getaffinity"):
        assert core.available_cpus() == len(os.sched_getaffinity(0))
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3})
        assert core.available_cpus() == 1
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert core.available_cpus() == 8
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert core.available_cpus() == 1


@pytest.mark.parametrize("cpus", [0, -1, 1.5, True, "2"])
def test_cpus_must_be_a_whole_number_of_at_least_one(cpus):
    with pytest.raises(ValueError, match="cpus must be"):
        _check(cpus)


def test_a_check_declares_one_cpu_unless_it_says_more():
    assert Check("x", 1).cpus == 1 and _check().cpus == 2
    decorated = core.check("y", 1, cpus=2)(lambda self: None)
    assert decorated.cpus == 2


def test_on_too_few_cpus_the_check_is_not_run_and_comes_back_inconclusive(monkeypatch):
    monkeypatch.setattr(core, "available_cpus", lambda: 1)
    monkeypatch.delenv(core.MEASURE_ANYWAY_VARIABLE, raising=False)
    calls = []
    result = _check()(lambda: calls.append(1) or True)  # raises nothing: neither a pass nor a fail
    assert calls == []
    assert result.inconclusive and not result.passed and result.score == 0
    assert result.verdict().startswith("INCONCLUSIVE [overlap] needs 2 CPUs and this process may use 1, so it was not")
    assert result.verdict().count(". ") == 0  # one sentence
    payload = result.to_dict()
    assert [payload[k] for k in ("inconclusive", "cpus", "cpus_available", "passed")] == [True, 2, 1, False]


def test_with_enough_cpus_or_told_to_measure_anyway_the_check_runs(monkeypatch):
    monkeypatch.setattr(core, "available_cpus", lambda: 2)
    assert _check()(lambda: True).passed
    with pytest.raises(CheckFailed):
        _check()(lambda: False)
    monkeypatch.setattr(core, "available_cpus", lambda: 1)
    monkeypatch.setenv(core.MEASURE_ANYWAY_VARIABLE, "1")
    result = _check()(lambda: True)
    assert result.passed and not result.inconclusive and result.to_dict()["cpus"] == 2


def test_a_result_made_by_hand_inside_a_check_carries_its_cpus(monkeypatch):
    monkeypatch.setattr(core, "available_cpus", lambda: 4)

    def code(self):
        return core.finish(core.CheckResult(self.name, self.points, True, "made by hand"))

    made = Check("by-hand", 1, cpus=2, code=code)
    assert made().to_dict()["cpus"] == 2


# -- the grader's scoring -------------------------------------------------------
SPEC = CheckSpec("check-overlap", 3.0, "")


def _run(**changes) -> CellRun:
    payload = {
        "name": "overlap",
        "points": 3,
        "passed": True,
        "score": 3,
        "message": "20.0x (needs >= 10x)",
        "threshold": ">= 10x",
        "figures": {},
        "cpus": 2,
        "inconclusive": False,
        "cpus_available": None,
        "token": "T",
    }
    payload.update(changes)
    return CellRun("ok", [{"output_type": "display_data", "data": {core.MIME_TYPE: payload}, "metadata": {}}], "")


def test_the_grader_scores_the_checks_own_inconclusive_result_as_such():
    run = _run(passed=False, score=0, inconclusive=True, cpus_available=1, message="needs 2 CPUs and ...")
    outcome = score_check(SPEC, run, GuardReport(True), "T", 10, cpus=1)
    assert (outcome.status, outcome.score, outcome.withheld) == ("inconclusive", 0.0, 3.0)
    assert outcome.needs_cpus() == "inconclusive: needs 2 CPUs, had 1"
    # the grader could use enough: something narrowed the kernel's CPUs; still withheld, and said
    outcome = score_check(SPEC, run, GuardReport(True), "T", 10, cpus=2)
    assert outcome.status == "inconclusive" and "narrowed" in outcome.message


@pytest.mark.parametrize("passed", [True, False])
def test_the_grader_withholds_a_verdict_reached_on_too_few_cpus(passed):
    run = _run(passed=passed, score=3 if passed else 0)
    outcome = score_check(SPEC, run, GuardReport(True), "T", 10, cpus=1)
    assert (outcome.status, outcome.score, outcome.cpus_available) == ("inconclusive", 0.0, 1)
    assert f"its verdict ({'PASS' if passed else 'FAIL'}) does not count" in outcome.message
    kept = score_check(SPEC, run, GuardReport(True), "T", 10, cpus=1, measure_anyway=True)
    assert kept.status == ("pass" if passed else "fail")


def test_checks_that_need_one_cpu_keep_their_verdicts_on_one():
    outcome = score_check(SPEC, _run(cpus=1), GuardReport(True), "T", 10, cpus=1)
    assert (outcome.status, outcome.score) == ("pass", 3.0)
    old = _run()
    del old.outputs[0]["data"][core.MIME_TYPE]["cpus"]  # a result without the field needs one CPU
    assert score_check(SPEC, old, GuardReport(True), "T", 10, cpus=1).status == "pass"


# -- what the grader writes -----------------------------------------------------
def _result() -> SubmissionResult:
    result = SubmissionResult("alice", "alice.ipynb", status="inconclusive")
    result.checks = [
        CheckOutcome("check-square", "square", 2, 2, "pass", "square(3) == 9"),
        CheckOutcome(
            "check-overlap",
            "overlap",
            3,
            0,
            "inconclusive",
            core.needs_cpus_sentence(2, 1),
            cpus=2,
            cpus_available=1,
        ),
    ]
    return result


SPECS = [CheckSpec("check-square", 2, ""), CheckSpec("check-overlap", 3, "")]


def test_the_gradebook_says_inconclusive_and_withheld_not_zero():
    rows = list(csv.reader(io.StringIO(report.gradebook_csv([_result()], SPECS))))
    assert rows[1][:6] == ["alice", "2", "inconclusive", "2", "5", "inconclusive"]
    assert "overlap: inconclusive: needs 2 CPUs, had 1 (3 points withheld" in rows[1][6]


def test_results_json_shows_the_outcome_and_one_sentence():
    data = report.results_json(_result(), "Lab 99")
    test = data["tests"][1]
    assert "status" not in test and test["tags"] == ["inconclusive"]
    assert test["output"].startswith("INCONCLUSIVE [overlap] needs 2 CPUs")
    assert test["extra_data"] == {
        "outcome": "inconclusive",
        "cpus_needed": 2,
        "cpus_available": 1,
        "points_withheld": 3,
    }
    assert data["tests"][0]["status"] == "passed" and data["score"] == 2
    assert "The grader could use 1 CPU and overlap needs 2: inconclusive, 3 point(s) withheld" in data["output"]
    assert data["extra_data"] == {"points_withheld": 3, "inconclusive": ["overlap"]}
    assert gradescope.validate_results(data) == []
    json.dumps(data)


def test_feedback_summary_and_self_check_show_the_outcome(tmp_path):
    feedback = report.feedback_md(_result(), "Lab 99")
    assert "| overlap | INCONCLUSIVE | withheld / 3 |" in feedback and "3 point(s) withheld" in feedback
    summary = report.summary_md([_result()], SPECS, "Lab 99", final=True)
    assert "1 submission(s) have inconclusive checks" in summary and "| overlap | 3 | 0 / 1 | 1 |" in summary
    table = score_table(Checked(_result(), "Lab 99", tmp_path))
    assert "overlap  -/3  inconclusive: needs 2 CPUs and this process may use 1, so it was not run" in table
    assert "total    2/5  (3 withheld: inconclusive)" in table


def test_gradescope_states_its_size_and_says_when_it_has_less():
    assert gradescope.CPUS_NEEDED == 2
    assert "--cpus-needed 2" in gradescope.RUN_AUTOGRADER.format(lab="03", cpus=2)
    assert gradescope.size_sentence(2) == gradescope.size_sentence(4) == ""
    sentence = gradescope.size_sentence(1, withheld=True)
    assert sentence.startswith("This autograder could use 1 CPU, fewer than the 2 it needs")
    assert "inconclusive" in sentence and sentence.count(". ") == 0
    assert "every check was graded" in gradescope.size_sentence(1, withheld=False)


# -- the grader on one core ---------------------------------------------------------
# No check of the course's labs loses its verdicts on one core (bench/reports/one_core.md), so
# none declares cpus=2. To run the inconclusive path through a real kernel, this test grades lab 03
# with a private copy of the package in which async-beats-sync and predict-lagged-k declare cpus=2; its
# third check (one CPU) must keep its verdicts there: the solution passes it, a wrong answer fails.
LAB03_WRONG = "trace-invoke-as-t1"  # caught by costs-from-trace
GRADE_ON_ONE_CORE = """
import sys
from pathlib import Path
from asynclab.grading.cli import grade_class
subs, out, solutions, package = map(Path, sys.argv[1:5])
grade_class(subs, out, lab="03", solutions=solutions, progress=False, package_dir=package)
"""


@pytest.mark.measured
@pytest.mark.kernel
# untimed: the one check it lets run judges a trace read twice (costs-from-trace, times_cpu=False); the two
# timing checks are declared to need 2 CPUs and come back inconclusive, so it runs beside the timing tests
@pytest.mark.untimed
@pytest.mark.skipif(shutil.which("taskset") is None, reason="taskset (util-linux) is not installed")
@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity on this platform")
def test_grader_pinned_to_one_core_keeps_verdicts_or_says_inconclusive(tmp_path):
    from build_fixture import copy_package  # registered by conftest.py

    from asynclab import course
    from asynclab.grading import answers as catalogue
    from asynclab.tooling import nbtools

    package = copy_package(tmp_path)
    checks = package / "lessons" / "l03_async_speed" / "checks.py"
    text = checks.read_text(encoding="utf-8")
    # both timing checks declare 2 CPUs in this copy: the core this test pins the grader to is shared with
    # make test's other lane, and there predict-lagged-k's sleeping devices wake late enough to fail the
    # solution (a fresh-clone run of make test read it at 0 points; on a quiet core it holds)
    for name in ("async-beats-sync", "predict-lagged-k"):
        declared = re.compile(r'@check\(\s*"' + name + '",')
        assert declared.search(text), name
        text = declared.sub(lambda m: m.group(0) + " cpus=2,", text, count=1)
    checks.write_text(text, encoding="utf-8")

    solution_path = ROOT / "solutions" / "03_async_speed_lab.ipynb"
    solution = nbtools.read(solution_path)
    subs = tmp_path / "subs"
    subs.mkdir()
    nbtools.write(solution, subs / "solution.ipynb")
    wrong = catalogue.load_answer(course.lesson("03").answers / f"{LAB03_WRONG}.py", solution)
    nbtools.write(wrong.apply(solution), subs / f"{LAB03_WRONG}.ipynb")
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != core.MEASURE_ANYWAY_VARIABLE}
    cpu = str(min(os.sched_getaffinity(0)))
    done = subprocess.run(
        ["taskset", "-c", cpu, sys.executable, "-c", GRADE_ON_ONE_CORE, subs, out, solution_path.parent, package],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]

    rows = {r["student"]: r for r in csv.DictReader(io.StringIO((out / "gradebook.csv").read_text()))}
    explain = json.dumps(rows, indent=1)
    # the check that needs 2 CPUs: not run, inconclusive, for the right answer and the wrong one alike
    assert rows["solution"]["check-async-beats-sync"] == "inconclusive", explain
    assert rows[LAB03_WRONG]["check-async-beats-sync"] == "inconclusive", explain
    # the checks that need one keep their verdicts: the solution passes both, the wrong answer fails its own
    assert rows["solution"]["check-predict-lagged-k"] == rows[LAB03_WRONG]["check-predict-lagged-k"] == "inconclusive"
    assert (rows["solution"]["check-costs-from-trace"], rows[LAB03_WRONG]["check-costs-from-trace"]) == (
        "2",
        "0",
    ), explain
    assert [rows[s]["status"] for s in ("solution", LAB03_WRONG)] == ["inconclusive", "inconclusive"], explain
    assert (rows["solution"]["total"], rows["solution"]["max"]) == ("2", "7"), explain
    assert "async-beats-sync: inconclusive: needs 2 CPUs, had 1 (3 points withheld" in rows["solution"]["notes"]
    assert "predict-lagged-k: inconclusive: needs 2 CPUs, had 1 (2 points withheld" in rows["solution"]["notes"]

    data = json.loads((out / "solution" / "results.json").read_text())
    tests = {t["name"]: t for t in data["tests"]}
    assert tests["async-beats-sync"]["output"].startswith("INCONCLUSIVE [async-beats-sync] needs 2 CPUs and this")
    assert "status" not in tests["async-beats-sync"] and tests["async-beats-sync"]["tags"] == ["inconclusive"]
    assert tests["predict-lagged-k"]["tags"] == ["inconclusive"] and tests["costs-from-trace"]["status"] == "passed"
    assert "point(s) withheld, not lost" in data["output"]


@pytest.mark.parametrize("value", [0, "no", None])
def test_times_cpu_must_be_true_or_false(value):
    with pytest.raises(TypeError, match="times_cpu must be True or False"):
        core.Check("timed", 1, times_cpu=value)
