"""Lab 05's checks pass the solution and fail the known wrong engines.

The solution is taken from the solution notebook itself (its setup cell and
exercise cells), so what passes here is what the notebook stores. The wrong
answers live in ``bench/mutants/lab05/*.py``; each names in ``CAUGHT_BY``
the checks that must fail it. Verdicts rest on overlap and on functional
behaviour, never on an absolute time.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from asynclab import nbtools
from asynclab.checks import CheckFailed, lab05

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "solutions" / "05_inside_the_engine_lab.ipynb"
MUTANTS = sorted((ROOT / "bench" / "mutants" / "lab05").glob("*.py"))
ARGUMENT = {"check_sync_engine": "SyncEngine", "check_worked_example": "worked_example"}


@pytest.fixture(scope="module")
def solution() -> dict:
    """The names the solution notebook defines in its setup and exercise cells."""
    nb = nbtools.read(SOLUTION)
    namespace: dict = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if nbtools.grade_id(cell) == "setup" or nbtools.is_solution(cell):
            source = "\n".join(line for line in cell.source.splitlines() if not line.startswith("%"))
            exec(compile(source, nbtools.grade_id(cell), "exec"), namespace)
    return namespace


CHECKS = ["check_sync_engine", "check_hazards", "check_serialize", "check_overlap",
          "check_worked_example", "check_errors_at_wait"]


@pytest.mark.parametrize("check", CHECKS)
def test_the_solution_passes(solution, check):
    result = getattr(lab05, check)(solution[ARGUMENT.get(check, "StudentEngine")])
    assert result.passed, result.verdict()


def _cases():
    for path in MUTANTS:
        module = runpy.run_path(str(path))
        for check in module["CAUGHT_BY"]:
            yield pytest.param(path, check, id=f"{path.stem}-{check}")


@pytest.mark.parametrize("path, check", list(_cases()))
def test_each_mutant_is_caught(path, check, monkeypatch):
    monkeypatch.setattr(lab05, "TIMEOUT", 2.0)      # a hanging engine fails sooner
    module = runpy.run_path(str(path))
    wrong = module[ARGUMENT.get(check, "StudentEngine")]
    expected = check[len("check_"):].replace("_", "-")
    with pytest.raises(CheckFailed, match=rf"^FAIL \[{expected}\]"):
        getattr(lab05, check)(wrong)


def test_every_mutant_says_what_catches_it():
    assert MUTANTS, "bench/mutants/lab05 holds no mutants"
    for path in MUTANTS:
        module = runpy.run_path(str(path))
        assert module.get("__doc__"), f"{path.name} needs a docstring"
        assert module["CAUGHT_BY"] and all(c in CHECKS for c in module["CAUGHT_BY"])
        for check in module["CAUGHT_BY"]:
            assert check in module["__doc__"], f"{path.name}: the docstring should name {check}"


def test_every_check_has_a_mutant():
    caught = {c for path in MUTANTS for c in runpy.run_path(str(path))["CAUGHT_BY"]}
    assert caught == set(CHECKS)


def test_untouched_stubs_fail_every_check(solution):
    """The student version: every exercise body replaced by the stub."""
    stubbed: dict = {}
    lab = nbtools.make_lab(nbtools.read(SOLUTION))
    for cell in lab.cells:
        if cell.cell_type == "code" and (nbtools.grade_id(cell) == "setup" or nbtools.is_solution(cell)):
            source = "\n".join(line for line in cell.source.splitlines() if not line.startswith("%"))
            exec(compile(source, nbtools.grade_id(cell), "exec"), stubbed)
    for check in CHECKS:
        with pytest.raises(CheckFailed):
            getattr(lab05, check)(stubbed[ARGUMENT.get(check, "StudentEngine")])


def test_a_non_class_is_explained():
    with pytest.raises(CheckFailed, match="pass your engine class"):
        lab05.check_hazards(42)
