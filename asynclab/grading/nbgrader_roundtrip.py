"""The labs in an nbgrader course: build one, autograde it with nbgrader itself, compare with our grader.

nbgrader 0.9 brings JupyterLab, Notebook 7 and about a hundred packages; it
lives in a virtual environment of its own (``.venv-nbgrader``, made by
:func:`asynclab.grading.nbgrader_env.ensure_nbgrader`, its pin read from ``pyproject.toml``'s
``nbgrader`` extra), so that the course's environment stays as small as the grader
needs. nbgrader runs the notebooks in the course's kernel (``asynclab``),
found through ``JUPYTER_PATH``.

:func:`roundtrip` lays out a course folder (``source/``, ``submitted/``),
runs ``nbgrader generate_assignment`` and ``nbgrader autograde``, reads the
scores from nbgrader's gradebook, grades the same notebooks with
:func:`asynclab.grading.cli.grade_class`, and returns both, check by check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from asynclab.grading.layout import find_solution
from asynclab.grading.nbgrader_env import NbgraderError, ensure_nbgrader, nbgrader_requirement
from asynclab.grading.runner import GradingConfig
from asynclab.tooling import installer, nbtools

__all__ = ["NbgraderError", "nbgrader_requirement", "ensure_nbgrader", "Roundtrip", "roundtrip"]

ASSIGNMENT = "lab"
# run by nbgrader's own Python, where asynclab is not installed: a script, by its path
_SCORES = Path(__file__).resolve().with_name("nbgrader_scores.py")


@dataclass
class Roundtrip:
    """Scores by student and check name (without ``check-``), from nbgrader and from our grader."""

    nbgrader: dict[str, dict[str, float]] = field(default_factory=dict)
    ours: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    def differences(self) -> dict[str, dict[str, tuple[float | None, float | None]]]:
        """Per student, the checks whose scores differ: (nbgrader's, ours)."""
        found = {}
        for student in sorted(set(self.nbgrader) | set(self.ours)):
            a, b = self.nbgrader.get(student, {}), self.ours.get(student, {})
            diff = {c: (a.get(c), b.get(c)) for c in sorted(set(a) | set(b)) if a.get(c) != b.get(c)}
            if diff:
                found[student] = diff
        return found


def _write_config(course: Path, timeout: float) -> None:
    (course / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        "c.CourseDirectory.course_id = 'asynclab'\n"
        f"c.CourseDirectory.db_url = {('sqlite:///' + str(course / 'gradebook.db'))!r}\n"
        f"c.Execute.timeout = {int(timeout)}\n"
        "c.Execute.kernel_name = 'asynclab'\n",
        encoding="utf-8",
    )


def _nbgrader(python: Path, course: Path, *args: str, timeout: float) -> None:
    env = installer.writing_bytecode()  # byte-compile what nbgrader imports, once, on first use
    shared = str(Path(sys.prefix) / "share" / "jupyter")  # the course's kernel
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (shared, env.get("JUPYTER_PATH", "")) if p)
    env["PATH"] = os.pathsep.join((str(python.parent), env.get("PATH", "")))  # nbgrader runs `alembic`
    done = subprocess.run(
        [str(python), "-m", "nbgrader", *args, "--force"],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        tail = [line for line in (done.stderr + done.stdout).strip().splitlines() if line.strip()][-3:]
        raise NbgraderError(f"nbgrader {args[0]} failed: {' | '.join(tail) or 'no output'}")


def roundtrip(
    lab: str,
    submissions: Mapping[str, nbformat.NotebookNode],
    course: Path,
    *,
    solutions: Path = Path("solutions"),
    python: Path | None = None,
    config: GradingConfig | None = None,
    package_dir: Path | None = None,
) -> Roundtrip:
    """Grade ``submissions`` (student name -> notebook) of lab ``lab`` with nbgrader and with ours."""
    from asynclab.grading.cli import grade_class

    python = python or ensure_nbgrader()
    config = config or GradingConfig()
    solution_path = find_solution(Path(solutions), lab)
    name = solution_path.name
    course = Path(course)
    (course / "source" / ASSIGNMENT).mkdir(parents=True, exist_ok=True)
    nbtools.write(nbtools.read(solution_path), course / "source" / ASSIGNMENT / name)
    ours_in = course / "ours-submissions"
    ours_in.mkdir(exist_ok=True)
    for student, nb in submissions.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, folder / name)
        nbformat.write(nb, ours_in / f"{student}.ipynb")
    _write_config(course, config.timeout)
    result = Roundtrip()
    limit = 60 + config.budget * max(1, len(submissions))
    began = time.perf_counter()
    _nbgrader(python, course, "generate_assignment", ASSIGNMENT, timeout=limit)
    _nbgrader(python, course, "autograde", ASSIGNMENT, "--create", timeout=limit)
    result.seconds["nbgrader"] = time.perf_counter() - began
    done = subprocess.run(
        [str(python), str(_SCORES), str(course / "gradebook.db"), ASSIGNMENT],
        capture_output=True,
        text=True,
        timeout=120,
        env=installer.writing_bytecode(),
    )
    if done.returncode != 0:
        raise NbgraderError(f"reading nbgrader's gradebook failed: {done.stderr.strip().splitlines()[-1:]}")
    result.nbgrader = {
        s: {k.removeprefix("check-"): v for k, v in grades.items()} for s, grades in json.loads(done.stdout).items()
    }
    for student in submissions:  # a student nbgrader gave nothing still has 0s
        result.nbgrader.setdefault(student, {})
    began = time.perf_counter()
    outcome = grade_class(
        ours_in,
        course / "ours-results",
        lab=lab,
        solutions=Path(solutions),
        config=config,
        progress=False,
        package_dir=package_dir,
    )
    result.seconds["ours"] = time.perf_counter() - began
    result.ours = {r.student: {c.name: c.score for c in r.checks} for r in outcome.results}
    return result
