"""Files written from the course registry: the lesson tables and the check cells' points.

``python -m asynclab labs`` (``make labs``) writes them, and ``--check``
reports drift without writing:

- the lesson table of ``README.md`` and of the start page
  (``notebooks/00_start_here.ipynb``), between the lines
  ``<!-- lessons:start -->`` and ``<!-- lessons:end -->``, one row per lesson
  of :func:`asynclab.course.lessons` (title and minutes from its ``lesson.toml``);
- each solution's check cells' ``nbgrader.points``, from the lab's declared
  checks (points are declared once, in the lesson's ``checks.py``), and the
  sentence of its introduction that adds them up by step ("The checks are
  worth 11 points in all: 2 for step 1, ..."), the paragraph after the
  introduction's ``## Steps`` heading.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from asynclab import course
from asynclab.tooling import nbtools

__all__ = [
    "START",
    "END",
    "lesson_table",
    "replace_table",
    "write_tables",
    "write_points",
    "step_points",
    "points_sentence",
    "TableError",
]

START, END = "<!-- lessons:start -->", "<!-- lessons:end -->"
START_PAGE = Path("notebooks") / "00_start_here.ipynb"
_BLOCK = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)
_STEP = re.compile(r"#+ Step (\d+)\b")
_SENTENCE = re.compile(r"\n\nThe checks are worth [^.]*\.")
STEPS_HEADING = "## Steps\n\n"


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


def step_points(nb) -> dict[int, float]:
    """The points of each step of a lab notebook: the ``nbgrader.points`` of the check cells below each
    markdown line ``# Step N`` (any heading level), by step number."""
    step, points = None, {}
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                heading = _STEP.match(line)
                if heading:
                    step = int(heading.group(1))
        elif nbtools.is_check(cell):
            if step is None:
                raise TableError(f"the check cell {nbtools.grade_id(cell)!r} comes before the lab's first step")
            points[step] = points.get(step, 0.0) + float(cell.metadata["nbgrader"]["points"])
    return points


def points_sentence(points: dict[int, float]) -> str:
    """``"The checks are worth 5 points in all: 2 for step 1 and 3 for step 2."`` for ``{1: 2, 2: 3}``."""
    parts = [f"{p:g} for step {s}" for s, p in sorted(points.items())]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"The checks are worth {sum(points.values()):g} points in all: {listed}."


def _with_points_sentence(intro: str, points: dict[int, float], where: str) -> str:
    """``intro`` (a lab's first cell) with its points sentence, wrapped at 100 characters, as the paragraph
    after the one that follows ``## Steps``."""
    if STEPS_HEADING not in intro:
        raise TableError(f"{where}'s introduction needs a '## Steps' heading followed by a paragraph.")
    text = _SENTENCE.sub("", intro)
    start = text.index(STEPS_HEADING) + len(STEPS_HEADING)
    end = text.find("\n\n", start)
    end = len(text) if end < 0 else end
    return text[:end] + "\n\n" + "\n".join(textwrap.wrap(points_sentence(points), 100)) + text[end:]


def write_points(root: Path | str | None = None, check_only: bool = False) -> list[Path]:
    """Give every solution's check cells the points their lab declares, and its introduction the sentence
    that adds them up (:func:`points_sentence`); the solutions that changed (or would)."""
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
        points = step_points(nb)
        if points:
            intro = _with_points_sentence(nb.cells[0].source, points, lesson.solution.name)
            if intro != nb.cells[0].source:
                nb.cells[0].source = intro
                dirty = True
        if dirty:
            changed.append(lesson.solution)
            if not check_only:
                nbtools.write(nb, lesson.solution)
    return changed
