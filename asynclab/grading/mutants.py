"""Known wrong answers ("mutants") of a lab, and the scores they must get.

A mutant is a small JSON file in ``bench/mutants/labNN/`` (the format is
described in ``bench/mutants/README.md``)::

    {
      "lab": "01",
      "name": "finish-does-not-wait",
      "description": "finish(y) returns without waiting for y.",
      "replace": {"ex1-launch-finish": ["def launch(x):", "    return nd.dot(x, x)", ...]},
      "expect": {"queue-vs-finish": 0, "timing-includes-compute": 2, "naive-closes-gap": 3}
    }

``replace`` maps the grade_id of an exercise cell of the solution to the
cell's new source: a string, a list of lines, or ``{"file": "name.py"}``, a
Python file next to the mutant whose top-level import lines are left out
(the lab's setup cell imports those names; lab 05's mutants are such files,
which its unit tests also run directly). ``expect`` maps every check name to
the points the mutant must score. The grader's tests and the robustness
bench both build the notebook with :meth:`Mutant.apply`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from asynclab import nbtools


class MutantError(ValueError):
    """A mutant file that cannot be used, with one sentence saying why."""


@dataclass(frozen=True)
class Mutant:
    lab: str
    name: str
    description: str
    replace: dict[str, str]
    expect: dict[str, float]
    path: Path | None = None

    @property
    def expected_total(self) -> float:
        return float(sum(self.expect.values()))

    def apply(self, solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
        """The solution with the mutant's exercise cells, outputs cleared (as a student submits it)."""
        nb = nbtools.normalize(solution)
        by_id = {nbtools.grade_id(c): c for c in nb.cells if nbtools.grade_id(c)}
        for grade_id, source in self.replace.items():
            cell = by_id.get(grade_id)
            if cell is None:
                raise MutantError(f"mutant {self.name}: the solution has no cell {grade_id!r}.")
            if not nbtools.is_solution(cell) or nbtools.is_check(cell):
                raise MutantError(f"mutant {self.name}: {grade_id!r} is not an exercise cell.")
            cell.source = source
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        return nb

    def check_names(self, check_names: list[str]) -> None:
        """Raise unless ``expect`` names exactly the lab's checks."""
        if sorted(self.expect) != sorted(check_names):
            raise MutantError(f"mutant {self.name}: expect names {sorted(self.expect)}, "
                              f"the lab's checks are {sorted(check_names)}.")


_IMPORT_LINE = re.compile(r"(import \w|from [\w.]+ import )")


def file_source(path: Path) -> str:
    """The cell source a mutant's ``{"file": ...}`` stands for: the file without its top-level import lines."""
    lines = path.read_text(encoding="utf-8").rstrip("\n").split("\n")
    return "\n".join(line for line in lines if not _IMPORT_LINE.match(line))


def _source(value, where: str, folder: Path) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "\n".join(value)
    if isinstance(value, dict) and set(value) == {"file"} and isinstance(value["file"], str):
        name = value["file"]
        if Path(name).name != name or not (folder / name).is_file():
            raise MutantError(f"{where}: {name!r} is not a file next to the mutant.")
        return file_source(folder / name)
    raise MutantError(f"{where}: a source must be a string, a list of lines or {{\"file\": name}}.")


def load_mutant(path: Path) -> Mutant:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise MutantError(f"{path.name} is not readable JSON ({error}).") from None
    if not isinstance(data, dict):
        raise MutantError(f"{path.name}: the top level must be an object.")
    missing = [k for k in ("lab", "name", "replace", "expect") if k not in data]
    if missing:
        raise MutantError(f"{path.name}: missing {', '.join(missing)}.")
    replace, expect = data["replace"], data["expect"]
    if not isinstance(replace, dict) or not replace:
        raise MutantError(f"{path.name}: 'replace' must map exercise grade_ids to sources.")
    if not isinstance(expect, dict) or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                               for v in expect.values()):
        raise MutantError(f"{path.name}: 'expect' must map check names to points.")
    return Mutant(str(data["lab"]), str(data["name"]), str(data.get("description", "")),
                  {str(k): _source(v, f"{path.name}: replace[{k!r}]", path.parent) for k, v in replace.items()},
                  {str(k): float(v) for k, v in expect.items()}, path)


def load_mutants(folder: Path) -> list[Mutant]:
    """Every ``*.json`` mutant in ``folder``, by file name."""
    return [load_mutant(p) for p in sorted(folder.glob("*.json"))]
