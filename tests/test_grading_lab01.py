"""Grader invariants on the real lab 01: the solution scores full marks, the
untouched student lab scores 0, and every known wrong answer in
``bench/mutants/lab01/`` scores what its file says.

These run MXNet timing checks (about 12 s per notebook on the 2-core
reference machine, 80 s for the whole file); do not run them beside other
timing work, e.g. ``pytest tests/test_grading_lab01.py -k solution`` alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from asynclab import nbtools
from asynclab.grading.cli import grade_class
from asynclab.grading.mutants import load_mutants
from asynclab.grading.restore import solution_checks

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_grading_class import copy_package  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "solutions" / "01_async_dispatch_lab.ipynb"
MUTANTS = ROOT / "bench" / "mutants" / "lab01"

pytestmark = pytest.mark.skipif(not SOLUTION.exists(), reason="lab 01 has no solution yet")


def _grade_one(tmp_path: Path, nb, name: str):
    subs = tmp_path / "subs"
    subs.mkdir()
    nbtools.write(nb, subs / f"{name}.ipynb")
    outcome = grade_class(subs, tmp_path / "out", lab="01", solutions=SOLUTION.parent, progress=False,
                          package_dir=copy_package(tmp_path))
    return outcome.results[0]


def _explain(result) -> str:
    return "; ".join(f"{c.name}: {c.status} {c.score:g} ({c.message})" for c in result.checks) + \
        f" | events: {[e.line() for e in result.events]} | flags: {result.flags}"


def test_solution_scores_full_marks(tmp_path):
    solution = nbtools.read(SOLUTION)
    result = _grade_one(tmp_path, solution, "solution")
    assert result.score == result.max_score == sum(s.points for s in solution_checks(solution)), _explain(result)
    assert result.status == "ok" and not result.restored and not result.flags, _explain(result)


def test_untouched_lab_scores_zero(tmp_path):
    result = _grade_one(tmp_path, nbtools.make_lab(nbtools.read(SOLUTION)), "untouched")
    assert result.score == 0, _explain(result)
    assert not result.restored and not result.flags, _explain(result)
    assert all(c.status in ("fail", "no result") for c in result.checks), _explain(result)


def _mutants():
    return load_mutants(MUTANTS) if MUTANTS.is_dir() else []


def test_there_are_at_least_three_wrong_answers():
    assert len(_mutants()) >= 3


@pytest.mark.parametrize("mutant", _mutants(), ids=lambda m: m.name)
def test_wrong_answer_scores_what_it_should(tmp_path, mutant):
    solution = nbtools.read(SOLUTION)
    mutant.check_names([s.name for s in solution_checks(solution)])
    result = _grade_one(tmp_path, mutant.apply(solution), mutant.name)
    got = {c.name: c.score for c in result.checks}
    assert got == mutant.expect, _explain(result)
