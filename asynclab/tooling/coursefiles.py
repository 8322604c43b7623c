"""Files written from the course registry: the lesson tables and the check cells' points.

``python -m asynclab labs`` (``make labs``) writes them, and ``--check``
reports drift without writing:

- the lesson table of ``README.md`` and of the start page
  (``notebooks/00_start_here.ipynb``), between the lines
  ``<!-- lessons:start -->`` and ``<!-- lessons:end -->``, one row per lesson
  of :func:`asynclab.course.lessons` (title and minutes from its ``lesson.toml``);
- each solution's check cells' ``nbgrader.points``, from the lab's declared
  checks (points are declared once, in the lesson's ``checks.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

from asynclab import course
from asynclab.tooling import nbtools

__all__ = ["START", "END", "lesson_table", "replace_table", "write_tables", "write_points", "TableError"]

START, END = "<!-- lessons:start -->", "<!-- lessons:end -->"
START_PAGE = Path("notebooks") / "00_start_here.ipynb"
_BLOCK = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)


class TableError(ValueError):
    """A file that should carry the lesson table has no (or a broken) pair of markers."""


def lesson_table(lessons: list[course.Lesson], notebooks: str, labs: str) -> str:
    """The markdown table of ``lessons``; ``notebooks`` and ``labs`` prefix the links (``""``, ``"../labs/"``)."""
    rows = ["| # | lesson | lab | lesson time | lab time |", "|---|---|---|---|---|"]
    for x in lessons:
        rows.append(
            f"| {x.number} | [{x.title}]({notebooks}{x.notebook.name}) | [lab]({labs}{x.lab.name}) "
            f"| about {x.minutes} min | about {x.lab_minutes} min |"
        )
    return "\n".join(rows)


def replace_table(text: str, table: str, where: str) -> str:
    """``text`` with the block between the markers replaced by ``table``."""
    if text.count(START) != 1 or text.count(END) != 1 or text.index(START) > text.index(END):
        raise TableError(
            f"{where} needs exactly one '{START}' line followed by one '{END}' line around its lesson table."
        )
    return _BLOCK.sub(lambda _: f"{START}\n{table}\n{END}", text)


def write_tables(root: Path | str | None = None, check_only: bool = False) -> list[Path]:
    """Write the lesson tables of the README and the start page; the files that changed (or would)."""
    root = Path(root) if root is not None else course.ROOT
    lessons = course.lessons(root)
    changed = []
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    new = replace_table(text, lesson_table(lessons, "notebooks/", "labs/"), "README.md")
    if new != text:
        changed.append(readme)
        if not check_only:
            readme.write_text(new, encoding="utf-8")
    start = root / START_PAGE
    nb = nbtools.read(start)
    table = lesson_table(lessons, "", "../labs/")
    cells = [cell for cell in nb.cells if cell.cell_type == "markdown" and START in cell.source]
    if len(cells) != 1:
        raise TableError(f"{START_PAGE} needs exactly one markdown cell with '{START}' around its lesson table.")
    source = replace_table(cells[0].source, table, str(START_PAGE))
    if source != cells[0].source:
        cells[0].source = source
        changed.append(start)
        if not check_only:
            nbtools.write(nb, start)
    return changed


def write_points(root: Path | str | None = None, check_only: bool = False) -> list[Path]:
    """Give every solution's check cells the points their lab declares; the solutions that changed (or would)."""
    root = Path(root) if root is not None else course.ROOT
    changed = []
    for lesson in course.lessons(root):
        if not lesson.solution.exists():
            continue
        declared = lesson.checks()
        nb = nbtools.read(lesson.solution)
        dirty = False
        for cell in nbtools.check_cells(nb):
            name = nbtools.grade_id(cell).removeprefix("check-")
            if name in declared and cell.metadata["nbgrader"].get("points") != declared[name].points:
                cell.metadata["nbgrader"]["points"] = declared[name].points
                dirty = True
        if dirty:
            changed.append(lesson.solution)
            if not check_only:
                nbtools.write(nb, lesson.solution)
    return changed
