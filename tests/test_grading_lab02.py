"""The grader on a real lab: one grading run of a class of two lab-02 submissions.

The untouched lab scores 0, and one wrong answer of the catalogue
(``asynclab/lessons/l02_sync_points/answers/``) scores what its EXPECT says: it fails one check and
passes the four others, among them timing checks and one that runs programs
in fresh processes under both engines. This run shows that the real checks publish results the grader
can score, PASS and FAIL, from a kernel, under its guard. The solution's full
marks are shown by nbval over ``solutions/`` and, under the grader, by
``make bench-checks``; every other answer is graded in-process by
``tests/test_catalogue.py``, and the grader's defences by the fixture lab
(``tests/test_grading_class.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from build_fixture import copy_package  # registered by conftest.py

from asynclab import course
from asynclab.grading import answers as catalogue
from asynclab.grading.cli import grade_class
from asynclab.grading.restore import solution_checks
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "solutions" / "02_sync_points_lab.ipynb"
WRONG = "results-last-array-only"

pytestmark = [pytest.mark.kernel, pytest.mark.measured]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("lab02")
    solution = nbtools.read(SOLUTION)
    wrong = catalogue.load_answer(course.lesson("02").answers / f"{WRONG}.py", solution)
    subs = base / "subs"
    subs.mkdir()
    nbtools.write(nbtools.make_lab(solution), subs / "untouched.ipynb")
    nbtools.write(wrong.apply(solution), subs / f"{WRONG}.ipynb")
    outcome = grade_class(
        subs, base / "out", lab="02", solutions=SOLUTION.parent, progress=False, package_dir=copy_package(base)
    )
    return {"results": {r.student: r for r in outcome.results}, "solution": solution, "wrong": wrong}


def _explain(result) -> str:
    return (
        "; ".join(f"{c.name}: {c.status} {c.score:g} ({c.message})" for c in result.checks)
        + f" | events: {[e.line() for e in result.events]} | flags: {result.flags}"
    )


def test_untouched_lab_scores_zero(graded):
    result = graded["results"]["untouched"]
    assert result.score == 0, _explain(result)
    assert not result.restored and not result.flags, _explain(result)
    assert all(c.status in ("fail", "no result") for c in result.checks), _explain(result)


def test_a_wrong_answer_scores_what_it_expects(graded):
    result = graded["results"][WRONG]
    assert {c.name: c.score for c in result.checks} == graded["wrong"].expect, _explain(result)
    assert result.status == "ok" and not result.restored and not result.flags, _explain(result)
    assert sum(1 for c in result.checks if c.status == "pass") >= len(result.checks) - 1, _explain(result)
    assert result.max_score == sum(s.points for s in solution_checks(graded["solution"])), _explain(result)
