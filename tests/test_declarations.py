"""Every check is declared once, and the notebooks agree with the declarations.

Logic only: the lab modules are imported (they load no framework at import)
and the notebooks are read as JSON; nothing is measured.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import nbformat
import pytest

from asynclab import course
from asynclab.checks import Check
from asynclab.course import lab_checks, numbers
from asynclab.tooling import nbtools

LABS = numbers()

ROOT = Path(__file__).resolve().parents[1]


def solution(lab: str) -> nbformat.NotebookNode:
    (path,) = sorted((ROOT / "solutions").glob(f"{lab}_*_lab.ipynb"))
    return nbtools.read(path)


def student_lab(lab: str) -> nbformat.NotebookNode:
    (path,) = sorted((ROOT / "labs").glob(f"{lab}_*_lab.ipynb"))
    return nbtools.read(path)


def check_cells(nb) -> dict[str, nbformat.NotebookNode]:
    return {nbtools.grade_id(c).removeprefix("check-"): c for c in nbtools.check_cells(nb)}


@pytest.mark.parametrize("lab", LABS)
@pytest.mark.parametrize("which", [solution, student_lab], ids=["solutions", "labs"])
def test_check_cells_carry_the_declared_names_and_points(lab, which):
    declared = lab_checks(lab)
    cells = check_cells(which(lab))
    assert list(cells) == list(declared), f"lab {lab}: check cells {list(cells)}, declared {list(declared)}"
    for name, cell in cells.items():
        points = cell.metadata["nbgrader"]["points"]
        assert points == declared[name].points, (
            f"lab {lab}: the cell check-{name} gives {points} points, the declaration {declared[name].points}"
        )


@pytest.mark.parametrize("lab", LABS)
def test_each_check_cell_calls_its_own_check_function(lab):
    module = importlib.import_module(course.lesson(lab).checks_module)
    for name, cell in check_cells(solution(lab)).items():
        function = "check_" + name.replace("-", "_")
        assert callable(getattr(module, function, None)), f"lab {lab}: no {function} for check-{name}"
        called = {
            node.func.attr
            for node in ast.walk(ast.parse(cell.source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        }
        assert function in called, f"lab {lab}: check-{name} does not call {function}"
        assert not re.search(r"\bpoints\s*=", cell.source), f"lab {lab}: check-{name} passes its own points"


@pytest.mark.parametrize("lab", LABS)
def test_declarations_are_complete(lab):
    for name, check in lab_checks(lab).items():
        assert isinstance(check, Check) and check.name == name
        assert check.threshold, f"{name} declares no threshold text"
        if check.relations:
            assert check.sentence, f"{name} declares relations but no sentence"


@pytest.mark.parametrize("lab", LABS)
def test_a_check_requires_only_checks_of_its_lab_whose_cells_come_before_it_on_the_same_functions(lab):
    declared = lab_checks(lab)
    order = list(check_cells(solution(lab)))
    for name, check in declared.items():
        for required in check.requires:
            assert required in declared, f"lab {lab}: {name} requires {required}, which the lab does not declare"
            assert order.index(required) < order.index(name), f"lab {lab}: {name}'s cell comes before {required}'s"
            assert set(check.functions) <= set(declared[required].functions), (
                f"lab {lab}: {name} judges {check.functions}, {required} only {declared[required].functions}"
            )


def test_an_unknown_lab_is_refused_in_one_sentence():
    with pytest.raises(ValueError, match="there is no lab '42'"):
        lab_checks("42")
