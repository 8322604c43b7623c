"""The course finds its own lessons: the registry, a lesson copied under a new number, ``make new-lesson``.

The last two work on a copy of the course tree in a temporary folder, with
``PYTHONPATH`` pointing at it (so the copy's ``asynclab`` is the one every
command and kernel imports).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from asynclab import course
from asynclab.tooling import coursefiles

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("asynclab", "notebooks", "solutions", "labs", "tests", "tools", "README.md", "pyproject.toml", "conftest.py")


def test_every_lesson_has_its_notebooks_and_every_notebook_its_lesson():
    found = course.lessons()
    assert [x.number for x in found] == sorted(x.number for x in found) and len(found) >= 10
    for x in found:
        assert x.notebook.is_file() and x.solution.is_file() and x.lab.is_file(), x.home.name
        assert x.answers.is_dir() and (x.home / "checks.py").is_file(), x.home.name
        assert x.points == sum(c.points for c in course.lab_checks(x.number).values()) > 0
    numbers = {p.name[:2] for d in ("notebooks", "solutions", "labs") for p in (ROOT / d).glob("[0-9][0-9]_*.ipynb")}
    assert numbers - {"00"} == {x.number for x in found}


def test_the_tables_are_written_from_the_registry():
    rows = coursefiles.lesson_table(course.lessons(), "", "../labs/").splitlines()
    assert len(rows) == 2 + len(course.lessons())
    assert rows[3].startswith(
        "| 02 | [Synchronization points](02_sync_points.ipynb) | [lab](../labs/02_sync_points_lab"
    )
    assert coursefiles.write_tables(check_only=True) == [], "run `make labs`: the lesson tables have drifted"
    assert coursefiles.write_points(check_only=True) == [], "run `make labs`: a check cell's points have drifted"
    with pytest.raises(coursefiles.TableError, match="needs exactly one '<!-- lessons:start -->' line"):
        coursefiles.replace_table("no markers here", "| table |", "README.md")


@pytest.mark.parametrize(
    "toml, sentence",
    [
        ('title = "T"\nminutes = 3\n', r"missing \['lab_minutes'\]"),
        ('title = "T"\nminutes = 3\nlab_minutes = 4\ntraits = ["fast"]\n', r"unknown traits \['fast'\]"),
        ('title = "T"\nminutes = "three"\nlab_minutes = 4\n', "minutes must be a int, not str"),
        ("title = \n", "is not valid TOML"),
        ('title = "T"\nminutes = 3\nlab_minutes = 4\ncolour = "red"\n', r"unknown keys \['colour'\]"),
    ],
)
def test_a_bad_lesson_toml_gets_one_sentence(tmp_path, toml, sentence):
    home = tmp_path / "asynclab" / "lessons" / "l01_first"
    home.mkdir(parents=True)
    (home / "lesson.toml").write_text(toml)
    with pytest.raises(course.LessonError, match=sentence):
        course.lessons(tmp_path)


def test_an_unknown_lab_gets_one_sentence():
    with pytest.raises(course.LessonError, match="there is no lab '42'; the labs are 01, 02"):
        course.lab_checks("42")
    with pytest.raises(course.LessonError, match="there is no trait 'fast'"):
        course.lesson("01").has("fast")


def _copy_course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    root.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy(source, root / name)
    return root


def _run(root: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout)


def _collected(root: Path, *tests: str) -> str:
    proc = _run(root, "-m", "pytest", "--collect-only", "-q", *tests)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc.stdout


@pytest.mark.kernel
def test_a_lesson_copied_under_a_new_number_appears_everywhere(tmp_path):
    """Lesson 06 copied as lesson 12: registry, checks, tables, lanes, catalogue, declarations, GPU checks, layers."""
    root = _copy_course(tmp_path)
    old, new = "l06_automatic_parallelism", "l12_automatic_parallelism"
    shutil.copytree(root / "asynclab" / "lessons" / old, root / "asynclab" / "lessons" / new)
    for folder, suffix in (("notebooks", ""), ("solutions", "_lab"), ("labs", "_lab")):
        text = (root / folder / f"06_automatic_parallelism{suffix}.ipynb").read_text(encoding="utf-8")
        (root / folder / f"12_automatic_parallelism{suffix}.ipynb").write_text(
            text.replace(old, new).replace("lab06", "lab12"), encoding="utf-8"
        )
    code = (
        "import importlib.util, json, sys\nfrom asynclab import course\nfrom asynclab.tooling import coursefiles, gpucheck\n"
        "spec = importlib.util.spec_from_file_location('lanes', 'tools/test_lanes.py')\n"
        "lanes = importlib.util.module_from_spec(spec); sys.modules['lanes'] = lanes; spec.loader.exec_module(lanes)\n"
        "print(json.dumps({'numbers': course.numbers(), 'checks': list(course.lab_checks('12')),\n"
        "                  'tables': [p.name for p in coursefiles.write_tables()],\n"
        "                  'gpu': [c.code.__module__ for c in gpucheck.gpu_checks('cuda').values()],\n"
        "                  'lanes': [a for lane in lanes.lanes() for c in lane.commands for a in c]}))\n"
    )
    proc = _run(root, "-c", code)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["numbers"][-1] == "12" and "11" not in seen["numbers"]
    assert seen["checks"] == list(course.lab_checks("06"))
    assert seen["tables"] == ["README.md", "00_start_here.ipynb"]
    assert "solutions/12_automatic_parallelism_lab.ipynb" in seen["lanes"]
    assert "asynclab.lessons.l12_automatic_parallelism.gpu" in seen["gpu"]
    assert (
        "| 12 | [Automatic parallelism](notebooks/12_automatic_parallelism.ipynb)" in (root / "README.md").read_text()
    )
    collected = _collected(root, "tests/test_catalogue.py", "tests/test_declarations.py", "tests/test_course.py")
    assert "lab12-head-start-off-by-one" in collected and "[12]" in collected
    assert "12_automatic_parallelism_lab.ipynb" in collected
    lint = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert lint.returncode == 0, lint.stdout[-2000:]


@pytest.mark.kernel
def test_make_new_lesson_makes_a_lesson_that_passes_the_declaration_and_catalogue_tests(tmp_path):
    root = _copy_course(tmp_path)
    bad = _run(root, "-m", "asynclab", "new-lesson", "06", "again", "--title", "Again")
    assert bad.returncode == 2 and "new-lesson: lesson 06 exists already" in bad.stderr
    bad = _run(root, "-m", "asynclab", "new-lesson", "11", "Bad-Slug", "--title", "T")
    assert bad.returncode == 2 and "a slug is lower-case letters" in bad.stderr
    made = _run(root, "-m", "asynclab", "new-lesson", "11", "mixed_precision", "--title", "Mixed precision")
    assert made.returncode == 0, made.stdout[-2000:] + made.stderr[-3000:]
    home = root / "asynclab" / "lessons" / "l11_mixed_precision"
    assert (home / "checks.py").is_file() and (root / "labs" / "11_mixed_precision_lab.ipynb").is_file()
    assert "| 11 | [Mixed precision](notebooks/11_mixed_precision.ipynb)" in (root / "README.md").read_text()
    assert _run(root, "-m", "asynclab", "labs", "--check").returncode == 0
    # one pytest run (collecting the suite costs seconds): the declaration and course tests that name
    # the new lesson, its catalogue, and nbval over its notebook and solution
    tests = _run(
        root,
        "-m",
        "pytest",
        "-v",
        "-p",
        "no:cacheprovider",
        "--nbval",
        "--nbval-sanitize-with",
        "tests/sanitize.cfg",
        "tests/test_declarations.py",
        "tests/test_course.py",
        "tests/test_registry.py",
        "tests/test_catalogue.py",
        "tests/lessons/l11_mixed_precision",
        "notebooks/11_mixed_precision.ipynb",
        "solutions/11_mixed_precision_lab.ipynb",
        "-k",
        "11 or mixed_precision or lab11 or registry and not copied and not new_lesson",
    )
    assert tests.returncode == 0, tests.stdout[-4000:]
    passed = tests.stdout.splitlines()
    assert sum("lab11-" in line and "PASSED" in line for line in passed) == 5, tests.stdout[-4000:]
    for notebook in ("notebooks/11_mixed_precision", "solutions/11_mixed_precision_lab"):  # nbval's cells
        assert any(line.startswith(notebook) and "::Cell" in line and "PASSED" in line for line in passed), notebook
