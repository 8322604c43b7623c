"""Each lab's introduction says what the lab holds: its time is the one the start page gives
(``lab_minutes`` in the lesson's ``lesson.toml``), its step count is the number of its steps, and the points it
gives each step are those of the step's check cells."""

from __future__ import annotations

import re

import nbformat
import pytest

from asynclab import course

WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _intro_and_steps(lesson) -> tuple[str, int]:
    nb = nbformat.read(lesson.solution, as_version=4)
    steps = sum(
        1
        for cell in nb.cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if re.match(r"#+ Step \d+\b", line)
    )
    return nb.cells[0].source, steps


@pytest.mark.parametrize("lesson", course.lessons(), ids=lambda x: x.number)
def test_the_intro_gives_the_start_pages_time(lesson):
    intro, _ = _intro_and_steps(lesson)
    found = re.search(r"## Suggested time\s+(\d+) minutes", intro)
    assert found, f"lab {lesson.number}'s introduction has no '## Suggested time' with its minutes"
    assert int(found.group(1)) == lesson.lab_minutes


@pytest.mark.parametrize("lesson", course.lessons(), ids=lambda x: x.number)
def test_the_intro_counts_the_steps_the_lab_has(lesson):
    intro, steps = _intro_and_steps(lesson)
    found = re.search(r"work through the (\w+) steps", intro)
    assert found, f"lab {lesson.number}'s introduction does not say how many steps it has"
    assert WORDS.get(found.group(1)) == steps, f"the introduction says {found.group(1)}, the lab has {steps} steps"


@pytest.mark.parametrize("lesson", course.lessons(), ids=lambda x: x.number)
def test_each_step_heading_sits_in_a_cell_named_for_its_step(lesson):
    """A markdown cell headed "Step N" has the id (and grade_id, if any) ``stepN`` or ``stepN-...``."""
    from asynclab.tooling import nbtools

    nb = nbformat.read(lesson.solution, as_version=4)
    wrong = []
    for cell in nb.cells:
        heading = re.match(r"#+ Step (\d+)\b", cell.source) if cell.cell_type == "markdown" else None
        if heading is None:
            continue
        want = f"step{heading.group(1)}"
        for name in (cell.get("id"), nbtools.grade_id(cell)):
            if name and not (name == want or name.startswith(want + "-")):
                wrong.append(f"{name!r} is headed 'Step {heading.group(1)}'")
    assert not wrong, f"lab {lesson.number}: " + "; ".join(wrong)


@pytest.mark.parametrize("lesson", course.lessons(), ids=lambda x: x.number)
def test_the_intro_gives_each_steps_points(lesson):
    intro, _ = _intro_and_steps(lesson)
    found = re.search(r"The checks are worth (\d+) points in all: ([^.]*)\.", " ".join(intro.split()))
    assert found, f"lab {lesson.number}'s introduction does not say what its checks are worth"
    stated = {int(step): float(p) for p, step in re.findall(r"(\d+) for step (\d+)", found.group(2))}
    from asynclab.tooling import coursefiles

    points = coursefiles.step_points(nbformat.read(lesson.solution, as_version=4))
    assert stated == points, f"lab {lesson.number}: the introduction gives {stated}, the check cells {points}"
    assert float(found.group(1)) == sum(points.values())


def _tiny_lab(intro: str, points: tuple[float, ...]) -> nbformat.NotebookNode:
    """A lab notebook: ``intro``, then one step per entry of ``points``, each with one check cell of that many points."""
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_markdown_cell(intro))
    for number, worth in enumerate(points, start=1):
        nb.cells.append(nbformat.v4.new_markdown_cell(f"## Step {number} · something"))
        check = nbformat.v4.new_code_cell("check()")
        check.metadata["nbgrader"] = {"grade": True, "locked": True, "points": worth, "grade_id": f"check-{number}"}
        nb.cells.append(check)
    return nb


def test_make_labs_writes_the_points_sentence_after_the_steps_paragraph():
    from asynclab.tooling import coursefiles

    intro = "# Lab\n\n## Steps\n\nWork through the two steps.\n\n## After\n\nMore."
    nb = _tiny_lab(intro, (2, 3))
    assert coursefiles.step_points(nb) == {1: 2.0, 2: 3.0}
    written = coursefiles._with_points_sentence(intro, coursefiles.step_points(nb), "lab.ipynb")
    assert written == (
        "# Lab\n\n## Steps\n\nWork through the two steps.\n\n"
        "The checks are worth 5 points in all: 2 for step 1 and 3 for step 2.\n\n## After\n\nMore."
    )
    # a stale sentence (points changed in checks.py) is replaced, not added to
    again = coursefiles._with_points_sentence(written, {1: 2.0, 2: 4.0}, "lab.ipynb")
    assert again.count("The checks are worth") == 1
    assert "6 points in all: 2 for step 1 and 4 for step 2." in again
    assert coursefiles._with_points_sentence(again, {1: 2.0, 2: 4.0}, "lab.ipynb") == again


def test_a_lab_intro_without_a_steps_heading_gets_one_sentence():
    from asynclab.tooling import coursefiles

    with pytest.raises(coursefiles.TableError, match="needs a '## Steps' heading"):
        coursefiles._with_points_sentence("# Lab\n\nNo steps here.", {1: 2.0}, "lab.ipynb")
