"""``make new-lesson N=11 SLUG=topic TITLE="..."``: a new lesson's home, notebooks and lab, registered by discovery.

:func:`new_lesson` writes

- ``asynclab/lessons/lNN_<slug>/``: ``lesson.toml`` (trait ``draft``),
  ``checks.py`` with one working check (``mean-as-number``), and
  ``answers/`` with four answers to it (one right, three wrong);
- ``tests/lessons/lNN_<slug>/test_lNN_checks.py``;
- ``notebooks/NN_<slug>.ipynb`` and ``solutions/NN_<slug>_lab.ipynb`` (the lab
  manual's sections, one exercise and its locked check cell), both executed so
  that their outputs are stored for nbval;
- ``labs/NN_<slug>_lab.ipynb`` and the lesson tables of the README and the
  start page, as ``make labs`` writes them.

Nothing else lists lessons, so ``make test`` then tests the new lesson like the
others. The templates are in ``asynclab/tooling/templates/``.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat

from asynclab import course
from asynclab.tooling import coursefiles, nbtools

__all__ = ["ScaffoldError", "new_lesson"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
_SLUG = re.compile(r"^[a-z][a-z0-9_]*$")
_META = {"grade": False, "locked": True, "schema_version": 3, "solution": False, "task": False}


class ScaffoldError(ValueError):
    """The new lesson cannot be made as asked (one sentence); nothing was written."""


def _fill(text: str, number: str, slug: str, title: str) -> str:
    return text.replace("__NN__", number).replace("__SLUG__", slug).replace("__TITLE__", title)


def _markdown(grade_id: str, text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(text, metadata={"nbgrader": {**_META, "grade_id": grade_id}})


def _code(grade_id: str, text: str, **meta) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(text, metadata={"nbgrader": {**_META, "grade_id": grade_id, **meta}})


def _lesson_notebook(number: str, title: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(
            f"# Lesson {number} · {title}\n\n"
            "What this lesson teaches, in two sentences: what happens, and why it matters to a person who "
            "trains models. Then the first experiment.\n\n"
            "**Predict before you run:** does `x.mean()` return a number or an array still being computed?"
        ),
        nbformat.v4.new_code_cell(
            "from mxnet import nd\n\nx = nd.ones((1000, 1000)) * 2\ny = x.mean()\nprint(type(y).__name__, y.shape)"
        ),
        nbformat.v4.new_markdown_cell(
            "`x.mean()` returned an MXNet array of shape `(1,)` at once; the number itself is computed by the "
            "back end. `asscalar()` waits for it and brings it to the front end as a NumPy number:"
        ),
        nbformat.v4.new_code_cell("print(float(y.asscalar()))"),
    ]
    return nb


def _solution(number: str, slug: str, title: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    module = f"l{number}_{slug}"
    nb.cells = [
        _markdown(
            "intro",
            f"# Lab {number} · {title}\n\n## Objectives\n\nAfter this lab you can bring a result computed by the "
            "back end to the front end as a Python number.\n\n## Background\n\nLesson "
            f"{number}.\n\n## Principle\n\nAn MXNet operation returns an array at once; its values exist only "
            "when the back end has computed them.\n\n## Environment\n\nThe course's kernel, *Python 3 "
            "(asynclab)*.\n\n## Suggested time\n\nAbout 30 minutes.\n\n## Steps\n\nOne step, with its "
            "locked check cell. Run every cell in order.",
        ),
        _code("setup", "from mxnet import nd"),
        _markdown(
            "step1",
            "### Step 1 · The mean as a number\n\nWrite `mean_of(x)` that returns the mean of the "
            "MXNet array `x` as a Python `float`.",
        ),
        _code(
            "ex1-mean",
            'def mean_of(x):\n    """The mean of x, as a Python float."""\n    ### BEGIN SOLUTION\n'
            "    return float(x.mean().asscalar())\n    ### END SOLUTION",
            locked=False,
            solution=True,
        ),
        _code(
            "check-mean-as-number",
            "# Check (locked): the mean of arrays drawn at random, as Python floats.\n"
            f"from asynclab.lessons.{module} import checks as lab{number}\n"
            f"lab{number}.check_mean_as_number(mean_of)",
            grade=True,
            points=2,
        ),
        _markdown("summary", "## Summary\n\nA result becomes a number only when the front end waits for it."),
    ]
    return nb


def _notebook(nb: nbformat.NotebookNode, path: Path, execute: bool) -> None:
    nbtools.write(nbtools.normalize(nb), path)
    if execute:
        nbtools.execute(path)


def new_lesson(
    number: str, slug: str, title: str, root: Path | str | None = None, *, execute: bool = True
) -> list[Path]:
    """Make lesson ``number`` ("11") named ``slug`` with ``title``; the paths written.

    ``execute`` runs the lesson and the solution to store their outputs (a few
    seconds each). Refuses, writing nothing, a number that is taken, a slug or
    title that is not usable, or a path that exists.
    """
    root = Path(root) if root is not None else course.ROOT
    number = str(number)
    if not re.fullmatch(r"\d\d", number):
        raise ScaffoldError(f"a lesson number is two digits, such as 11, not {number!r}.")
    if not _SLUG.match(slug or ""):
        raise ScaffoldError(f"a slug is lower-case letters, digits and '_', starting with a letter, not {slug!r}.")
    if not title or not title.strip() or '"' in title or "\n" in title:
        raise ScaffoldError("a title is one line of text without double quotes.")
    taken = {x.number: x for x in course.lessons(root)}
    if number in taken:
        raise ScaffoldError(f"lesson {number} exists already ({taken[number].home.name}); pick another number.")
    lesson = course.Lesson(number, slug, title.strip(), 30, 30, frozenset({"draft"}), root)
    tests = lesson.tests / f"test_l{number}_checks.py"
    planned = [lesson.home, lesson.tests, lesson.notebook, lesson.solution, lesson.lab]
    existing = [p for p in planned if p.exists()]
    if existing:
        raise ScaffoldError(f"{existing[0].relative_to(root)} exists already; nothing was written.")
    written: list[Path] = []
    try:
        (lesson.home / "answers").mkdir(parents=True)
        lesson.tests.mkdir(parents=True)
        pairs = [
            (TEMPLATES / "lesson.toml.tmpl", lesson.home / "lesson.toml"),
            (TEMPLATES / "__init__.py.tmpl", lesson.home / "__init__.py"),
            (TEMPLATES / "checks.py.tmpl", lesson.home / "checks.py"),
            (TEMPLATES / "test_checks.py.tmpl", tests),
        ]
        pairs += [
            (t, lesson.answers / t.name.removesuffix(".tmpl")) for t in sorted((TEMPLATES / "answers").glob("*.tmpl"))
        ]
        for template, target in pairs:
            target.write_text(_fill(template.read_text(encoding="utf-8"), number, slug, lesson.title), encoding="utf-8")
            written.append(target)
        _notebook(_lesson_notebook(number, lesson.title), lesson.notebook, execute)
        written.append(lesson.notebook)
        _notebook(_solution(number, slug, lesson.title), lesson.solution, execute)
        written.append(lesson.solution)
        coursefiles.write_points(root)  # the introduction's points sentence
        nbtools.generate_labs(root / "solutions", root / "labs")
        written.append(lesson.lab)
        written += coursefiles.write_tables(root)
    except Exception:
        shutil.rmtree(lesson.home, ignore_errors=True)
        shutil.rmtree(lesson.tests, ignore_errors=True)
        for path in (lesson.notebook, lesson.solution, lesson.lab):
            path.unlink(missing_ok=True)
        raise
    return written
