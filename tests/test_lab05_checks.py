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
    if check in TIMED:      # the robustness bench reports how far a timing verdict is from its threshold
        assert result.margin > 1 and 0 <= result.figures["overlap"] <= 1, result.figures


TIMED = {"check_sync_engine", "check_serialize", "check_overlap"}


def test_pair_check_needs_exactly_one_bound():
    with pytest.raises(ValueError, match="exactly one"):
        lab05._pair_check("x", 1, object, "independent", print, print, at_least=0.5, at_most=0.1,
                          describe=lambda share, ratio: "")


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


# ---------------------------------------------------------------- grader mutants (JSON)

def test_json_mutants_grade_their_python_twins():
    """Each ``*.json`` (the grader's format) replaces one exercise cell with its ``*.py`` twin.

    The import lines are left out of the cell: the lab's setup cell imports those
    names already (a fresh import inside a cell would mix module generations in
    the grader, which re-imports asynclab before every check). The points each
    must score follow from the twin's ``CAUGHT_BY``.
    """
    from asynclab.grading.mutants import file_source, load_mutants

    folder = ROOT / "bench" / "mutants" / "lab05"
    solution = nbtools.read(SOLUTION)
    checks = [nbtools.grade_id(c)[len("check-"):] for c in nbtools.check_cells(solution)]
    points = {nbtools.grade_id(c)[len("check-"):]: c.metadata["nbgrader"]["points"]
              for c in nbtools.check_cells(solution)}
    mutants = load_mutants(folder)
    assert len(mutants) >= 5
    for mutant in mutants:
        mutant.check_names(checks)
        mutant.apply(solution)
        twin = folder / f"{mutant.name.replace('-', '_')}.py"
        (source,) = mutant.replace.values()
        assert source == file_source(twin), f"{mutant.name}.json should grade {twin.name}"
        assert not any(line.startswith(("import ", "from ")) for line in source.splitlines()), mutant.name
        caught = {c[len("check_"):].replace("_", "-") for c in runpy.run_path(str(twin))["CAUGHT_BY"]}
        for check in checks:
            assert mutant.expect[check] == (0 if check in caught else points[check]), (mutant.name, check)
