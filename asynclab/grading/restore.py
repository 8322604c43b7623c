"""Put the instructor's check cells back into a submission, by ``grade_id``.

Students can edit, delete or move any cell, locked or not. Before grading,
every check cell of the solution is restored:

- an edited check (its code or its nbgrader metadata changed) is replaced by
  the instructor's version, where the student left it;
- a deleted check is put back after the cell that precedes it in the
  solution, after any cells the student added there (that is, just before
  the next cell of the solution), so it runs after the student's answer;
- a check moved out of its place (above its exercise, below the next step,
  or swapped with a neighbouring check) goes back to its place.

Every other cell stays as the student wrote it; outputs are discarded, so
nothing pasted into a notebook counts. :func:`restore` also tells a notebook
of another lab from a lab whose checks were all deleted.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import nbformat

from asynclab.grading.model import CheckSpec
from asynclab.tooling import nbtools

STUDENT, CHECK = "student", "check"


class WrongLab(ValueError):
    """The submission is a notebook, but not of this lab."""


@dataclass(frozen=True)
class PlannedCell:
    """One cell of the notebook the grader runs."""

    kind: str  # STUDENT or CHECK
    spec: CheckSpec | None = None  # for checks
    solution_index: int | None = None  # for student cells: the solution's cell it stands for; None if added


@dataclass
class Restored:
    """The notebook to run, what each cell is, and what was restored."""

    nb: nbformat.NotebookNode
    plan: list[PlannedCell]
    lines: list[str] = field(default_factory=list)


def solution_checks(solution: nbformat.NotebookNode) -> list[CheckSpec]:
    """The check cells of a solution, in order; their grade_ids must be unique."""
    specs: list[CheckSpec] = []
    seen: set[str] = set()
    for cell in solution.cells:
        if not nbtools.is_check(cell):
            continue
        gid = nbtools.grade_id(cell)
        if not gid:
            raise nbtools.NotebookError("a check cell of the solution has no nbgrader grade_id.")
        if gid in seen:
            raise nbtools.NotebookError(f"the solution has two check cells with grade_id {gid!r}.")
        seen.add(gid)
        points = cell.metadata.get("nbgrader", {}).get("points", 0) or 0
        specs.append(CheckSpec(gid, float(points), cell.source))
    if not specs:
        raise nbtools.NotebookError("the solution has no check cells (locked cells with grade: true).")
    return specs


def _norm(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def _nbgrader(cell) -> dict:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return {k: meta.get(k) for k in ("grade", "locked", "points", "solution")}


def _find(cell, kept: list, used: set[int]) -> int | None:
    """Index in ``kept`` of the student's copy of a solution cell (grade_id, id, then source)."""
    gid, cid, src = nbtools.grade_id(cell), cell.get("id"), _norm(cell.get("source", ""))
    for key in ("grade_id", "id", "source"):
        for index, other in enumerate(kept):
            if index in used:
                continue
            if key == "grade_id" and gid and nbtools.grade_id(other) == gid:
                return index
            if key == "id" and cid and other.get("id") == cid and not nbtools.grade_id(other):
                return index
            if (
                key == "source"
                and src
                and other.get("cell_type") == cell.get("cell_type")
                and _norm(other.get("source", "")) == src
            ):
                return index
    return None


def _check_lab(
    solution: nbformat.NotebookNode, submission: nbformat.NotebookNode, specs: list[CheckSpec], lab_label: str
) -> None:
    """Raise :class:`WrongLab` when the submission is clearly another notebook."""
    check_ids = {s.grade_id for s in specs}
    ours = check_ids | {nbtools.grade_id(c) for c in solution.cells if nbtools.is_solution(c)}
    ours.discard(None)
    theirs = {nbtools.grade_id(c) for c in submission.cells} - {None}
    if theirs & ours:
        return
    foreign = sorted(
        g for c in submission.cells if (g := nbtools.grade_id(c)) and (nbtools.is_check(c) or g.startswith("check-"))
    )
    if foreign:
        shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
        raise WrongLab(f"wrong lab: this notebook's checks ({shown}) belong to another lab, not {lab_label}.")
    sources = {_norm(c.source) for c in solution.cells if c.get("source", "").strip()}
    if not any(_norm(c.get("source", "")) in sources for c in submission.cells):
        raise WrongLab(f"wrong lab: none of this notebook's cells belongs to {lab_label}.")


def restore(
    solution: nbformat.NotebookNode, submission: nbformat.NotebookNode, lab_label: str = "this lab"
) -> Restored:
    """The notebook to grade: the student's cells with the solution's checks in place."""
    specs = solution_checks(solution)
    _check_lab(solution, submission, specs, lab_label)
    check_ids = {s.grade_id for s in specs}

    # 1. Split the student's notebook into kept cells and their copies of the checks.
    kept: list = []
    copies: dict[str, tuple[int, object]] = {}  # grade_id -> (slot, cell); slot = kept cells before it
    order_in_slot: dict[int, list[str]] = {}
    for cell in submission.cells:
        gid = nbtools.grade_id(cell)
        own = gid if gid in check_ids else (cell.get("id") if cell.get("id") in check_ids and not gid else None)
        if own and own not in copies:
            copies[own] = (len(kept), cell)
            order_in_slot.setdefault(len(kept), []).append(own)
        elif own:
            continue  # a second copy of a check: dropped, the first one decides its place
        else:
            kept.append(cell)

    # 2. Locate the solution's other cells in the student's notebook.
    located: dict[int, int] = {}  # solution cell index -> kept index
    used: set[int] = set()
    for index, cell in enumerate(solution.cells):
        if nbtools.is_check(cell):
            continue
        found = _find(cell, kept, used)
        if found is not None:
            located[index] = found
            used.add(found)

    # 3. Decide the slot of every check.
    solution_index = {nbtools.grade_id(c): i for i, c in enumerate(solution.cells) if nbtools.is_check(c)}
    slots: dict[int, list[CheckSpec]] = {}
    lines: list[str] = []
    for spec in specs:
        at = solution_index[spec.grade_id]
        before = next((located[i] for i in range(at - 1, -1, -1) if i in located), -1)
        after = next(
            (located[i] for i in range(at + 1, len(solution.cells)) if i in located and located[i] > before), len(kept)
        )
        copy_info = copies.get(spec.grade_id)
        if copy_info is not None and before < copy_info[0] <= after:
            slot = copy_info[0]
            cell = copy_info[1]
            if (
                _norm(cell.get("source", "")) != _norm(spec.source)
                or _nbgrader(cell) != _nbgrader(solution.cells[at])
                or cell.get("cell_type") != "code"
            ):
                lines.append(f"{spec.grade_id}: edited; replaced by the instructor's version")
        else:
            slot = after
            anchor = _describe(solution, at)
            if copy_info is None:
                lines.append(f"{spec.grade_id}: deleted; put back after {anchor}")
            else:
                lines.append(f"{spec.grade_id}: moved; put back in its place after {anchor}")
        slots.setdefault(slot, []).append(spec)

    # 4. Checks sharing a slot run in the solution's order; a swap counts as a move.
    for slot, group in slots.items():
        group.sort(key=lambda s: solution_index[s.grade_id])
        theirs = [g for g in order_in_slot.get(slot, []) if g in {s.grade_id for s in group}]
        wanted = [s.grade_id for s in group if s.grade_id in theirs]
        if theirs != wanted:
            for gid in theirs:
                if not any(line.startswith(f"{gid}:") for line in lines) and theirs.index(gid) != wanted.index(gid):
                    lines.append(f"{gid}: moved; put back in the solution's order")

    # 5. Build the notebook to run.
    cells: list = []
    plan: list[PlannedCell] = []
    by_id = {nbtools.grade_id(c): c for c in solution.cells if nbtools.is_check(c)}
    stands_for = {kept_index: index for index, kept_index in located.items()}
    for slot in range(len(kept) + 1):
        for spec in slots.get(slot, []):
            cells.append(_clean(by_id[spec.grade_id]))
            plan.append(PlannedCell(CHECK, spec))
        if slot < len(kept):
            cells.append(_clean(kept[slot], student=True))
            plan.append(PlannedCell(STUDENT, solution_index=stands_for.get(slot)))
    nb = nbformat.v4.new_notebook()
    nb.metadata = nbformat.from_dict({"kernelspec": dict(nbtools.KERNELSPEC), "language_info": {"name": "python"}})
    nb.cells = cells
    lines.sort(key=lambda line: [s.grade_id for s in specs].index(line.split(":", 1)[0]))
    return Restored(nb, plan, lines)


def _describe(solution: nbformat.NotebookNode, at: int) -> str:
    for index in range(at - 1, -1, -1):
        cell = solution.cells[index]
        if nbtools.is_check(cell):
            continue
        gid = nbtools.grade_id(cell) or cell.get("id")
        return f"cell {gid!r}" if gid else f"cell {index}"
    return "the start of the notebook"


def _clean(cell, student: bool = False):
    """A copy fit to run: v4 cell, no outputs, student cells never marked as checks."""
    kind = cell.get("cell_type")
    source = cell.get("source", "")
    if isinstance(source, list):
        source = "".join(source)
    if kind == "code":
        new = nbformat.v4.new_code_cell(source)
    elif kind == "markdown":
        new = nbformat.v4.new_markdown_cell(source)
    else:
        new = nbformat.v4.new_raw_cell(source)
    meta = copy.deepcopy(dict(cell.get("metadata", {})))
    if student and isinstance(meta.get("nbgrader"), dict):
        # a student cell dressed up as a check is still a student cell
        meta["nbgrader"] = {k: v for k, v in meta["nbgrader"].items() if k not in ("grade", "points", "locked")}
    new.metadata = nbformat.from_dict({k: v for k, v in meta.items() if k in ("nbgrader", "tags")})
    return new
