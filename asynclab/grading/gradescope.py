"""Gradescope autograders: ``python -m asynclab gradescope --lab 01 --out autograder.zip``.

Gradescope runs each submission alone, in a fresh container of its own,
which is what timing checks need, and many containers at once, which is how
a large class is graded quickly. The bundle holds what Gradescope expects at
its root:

- ``setup.sh``: run once when the image is built (as root, Ubuntu): Python
  3.11, a virtual environment in ``/autograder/venv`` with the course's
  pinned stack and this package, and the Jupyter kernel the grader starts
  (``python -m asynclab kernelspec``: it runs under the compute budget);
- ``run_autograder``: run once per submission; grades the notebook in
  ``/autograder/submission`` with the course's grader against the lab's
  solution (the locked checks are restored from it) and writes
  ``/autograder/results/results.json``;
- the package source, ``pyproject.toml`` (the pins) and the lab's solution.

The size it needs: :data:`CPUS_NEEDED` CPUs (the course's reference
machine, :data:`asynclab.foundation.budget.BUDGET`), stated in both scripts
and passed to ``gradescope-run`` (``--cpus-needed``), which checks it at run
time: on fewer, the results' text says so in one sentence, and the checks
that need more CPUs than the container has come back inconclusive (points
withheld, not failed; ``bench/reports/one_core.md`` says which).

``AUTOGRADER_ROOT`` (default ``/autograder``) and ``AUTOGRADER_PYTHON``
(default ``$AUTOGRADER_ROOT/venv/bin/python``) let the same two scripts run
in a folder laid out like ``/autograder``, which is how the tests run them.
"""

from __future__ import annotations

import argparse
import json
import stat
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import asynclab
from asynclab.checks.core import available_cpus
from asynclab.foundation.budget import BUDGET
from asynclab.grading.layout import LayoutError, find_solution
from asynclab.grading.model import INCONCLUSIVE
from asynclab.tooling import nbtools

__all__ = [
    "build",
    "grade_submission_folder",
    "validate_results",
    "add_build_arguments",
    "add_run_arguments",
    "run_build",
    "run_grade",
    "CPUS_NEEDED",
    "size_sentence",
]

#: The autograder size the bundle needs: the CPUs of the machine the course's checks were set on.
CPUS_NEEDED = BUDGET.cores

SETUP_SH = r"""#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image.
# Autograder size: at least {cpus} CPUs and 4 GB of memory (run_autograder checks the CPUs).
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
if ! command -v python3.11 >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    if ! apt-get install -y --no-install-recommends python3.11 python3.11-venv; then
        # Ubuntu releases without Python 3.11 in their own archive: the deadsnakes packages
        apt-get install -y --no-install-recommends software-properties-common
        add-apt-repository -y ppa:deadsnakes/ppa
        apt-get update
        apt-get install -y --no-install-recommends python3.11 python3.11-venv
    fi
fi
python3.11 -m venv "$ROOT/venv"
"$ROOT/venv/bin/python" -m pip install --quiet --upgrade pip
"$ROOT/venv/bin/python" -m pip install --quiet "$ROOT/source"
# the course's kernel: it runs under the compute budget (asynclab.foundation.budget)
"$ROOT/venv/bin/python" -m asynclab kernelspec --sys-prefix
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this once per submission, in a fresh container.
# It needs an autograder size with at least {cpus} CPUs: with fewer, the results say so in one sentence
# and the checks that need more CPUs come back inconclusive (points withheld, not failed).
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
PY="${{AUTOGRADER_PYTHON:-$ROOT/venv/bin/python}}"
mkdir -p "$ROOT/results"
cd "$ROOT/source"
"$PY" -m asynclab gradescope-run --lab {lab} --submission "$ROOT/submission" \
    --solutions "$ROOT/source/solutions" --results "$ROOT/results/results.json" --cpus-needed {cpus}
"""


def _course_root() -> Path:
    root = Path(asynclab.__file__).resolve().parent.parent
    if not (root / "pyproject.toml").is_file():
        raise LayoutError(
            "building a Gradescope bundle needs the course's source folder (with pyproject.toml); "
            "run it from a clone of the course."
        )
    return root


def _add(zf: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    mode = 0o755 if executable else 0o644
    info.external_attr = (stat.S_IFREG | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def build(lab: str, out: Path, *, solutions: Path = Path("solutions")) -> Path:
    """Write the Gradescope bundle of lab ``lab`` to ``out`` (a .zip); returns ``out``."""
    root = _course_root()
    solution = find_solution(Path(solutions), lab)
    nbtools.read(solution)
    out = Path(out)
    if out.suffix != ".zip":
        raise LayoutError(f"the bundle must be a .zip file (Gradescope takes a zip), not {out.name}.")
    out.parent.mkdir(parents=True, exist_ok=True)
    package = root / "asynclab"
    # the package as the grader imports it: code, data and each lesson's lesson.toml (not the answer catalogue)
    files = sorted(
        p
        for p in package.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and "answers" not in p.relative_to(package).parts
        and p.suffix in (".py", ".json", ".toml")
    )
    with tempfile.NamedTemporaryFile(dir=out.parent, suffix=".zip.tmp", delete=False) as handle:
        tmp = Path(handle.name)
    try:
        with zipfile.ZipFile(tmp, "w") as zf:
            _add(zf, "setup.sh", SETUP_SH.replace("{cpus}", str(CPUS_NEEDED)).encode(), executable=True)
            _add(zf, "run_autograder", RUN_AUTOGRADER.format(lab=lab, cpus=CPUS_NEEDED).encode(), executable=True)
            _add(zf, "pyproject.toml", (root / "pyproject.toml").read_bytes())
            _add(zf, "README.md", (root / "README.md").read_bytes())
            for path in files:
                _add(zf, path.relative_to(root).as_posix(), path.read_bytes())
            _add(zf, f"solutions/{solution.name}", solution.read_bytes())
        tmp.replace(out)
    finally:
        tmp.unlink(missing_ok=True)
    return out


def _failure(lab: str, message: str) -> dict[str, Any]:
    return {"score": 0.0, "output": f"Lab {lab}: {message}", "visibility": "visible", "tests": []}


def size_sentence(available: int, needed: int = CPUS_NEEDED, withheld: bool = False) -> str:
    """One sentence when the container has fewer CPUs than the bundle needs (empty otherwise)."""
    if available >= needed:
        return ""
    then = (
        "the checks that need more came back inconclusive, their points withheld, not failed"
        if withheld
        else "no check of this lab needs more, so every check was graded"
    )
    return (
        f"This autograder could use {available} CPU{'s' if available != 1 else ''}, fewer than the {needed} "
        f"it needs (pick an autograder size with at least {needed} CPUs): {then}."
    )


def grade_submission_folder(
    lab: str,
    submission: Path,
    results: Path,
    *,
    solutions: Path = Path("solutions"),
    cpus_needed: int = CPUS_NEEDED,
    cpus: int | None = None,
) -> dict[str, Any]:
    """Grade the one notebook in ``submission``; always write Gradescope's ``results.json``.

    ``cpus``: how many CPUs this process may use (default: read now); fewer than ``cpus_needed``
    adds :func:`size_sentence` to the results' text.
    """
    from asynclab.grading.runner import GradingConfig
    from asynclab.grading.selfcheck import check_notebook

    cpus = available_cpus() if cpus is None else cpus

    submission = Path(submission)
    notebooks = sorted(p for p in submission.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    if len(notebooks) > 1:  # several: the one named like the lab, if exactly one is
        named = [p for p in notebooks if p.name.startswith(f"{lab}_")]
        notebooks = named if len(named) == 1 else notebooks
    if not notebooks:
        data = _failure(lab, "your submission holds no notebook (.ipynb); upload your lab's .ipynb file.")
    elif len(notebooks) > 1:
        names = ", ".join(p.name for p in notebooks)
        data = _failure(lab, f"your submission holds several notebooks ({names}); upload only your lab's.")
    else:
        with tempfile.TemporaryDirectory(prefix="asynclab-gradescope-") as tmp:
            try:
                checked = check_notebook(
                    notebooks[0],
                    lab=lab,
                    solutions=Path(solutions),
                    out=Path(tmp) / "out",
                    config=GradingConfig(cpus=cpus),
                )
                data = json.loads((checked.out / checked.result.student / "results.json").read_text("utf-8"))
            except (LayoutError, nbtools.NotebookError) as error:
                data = _failure(lab, str(error))
    withheld = any(INCONCLUSIVE in t.get("tags", []) for t in data.get("tests", []))
    sentence = size_sentence(cpus, cpus_needed, withheld)
    if sentence:
        data["output"] = f"{data.get('output', '')} {sentence}".strip()
    results = Path(results)
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return data


def validate_results(data: Any) -> list[str]:
    """What is wrong with a Gradescope ``results.json`` (an empty list when nothing is)."""
    problems: list[str] = []
    number = (int, float)
    if not isinstance(data, dict):
        return ["results.json must hold a JSON object"]
    if not isinstance(data.get("score"), number) or isinstance(data.get("score"), bool):
        problems.append("'score' must be a number")
    tests = data.get("tests", [])
    if not isinstance(tests, list):
        return problems + ["'tests' must be a list"]
    for i, test in enumerate(tests):
        if not isinstance(test, dict):
            problems.append(f"test {i} must be an object")
            continue
        for key in ("score", "max_score"):
            if not isinstance(test.get(key), number) or isinstance(test.get(key), bool):
                problems.append(f"test {i} ({test.get('name')}) needs a number '{key}'")
        if not isinstance(test.get("name"), str) or not isinstance(test.get("output", ""), str):
            problems.append(f"test {i} needs a string 'name' (and 'output', if any)")
        if test.get("visibility", "visible") not in ("visible", "hidden", "after_due_date", "after_published"):
            problems.append(f"test {i} has an unknown visibility {test.get('visibility')!r}")
    if not problems and tests and abs(sum(t["score"] for t in tests) - data["score"]) > 1e-9:
        problems.append("'score' is not the sum of the tests' scores")
    return problems


def add_build_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lab", required=True, help="lab number, e.g. 01")
    parser.add_argument("--out", required=True, help="the zip to write, e.g. autograder.zip")
    parser.add_argument("--solutions", default="solutions", help="folder of solution notebooks (default: solutions)")


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lab", required=True, help="lab number, e.g. 01")
    parser.add_argument("--submission", required=True, help="the folder Gradescope put the submission in")
    parser.add_argument("--results", required=True, help="where to write results.json")
    parser.add_argument("--solutions", default="solutions", help="folder of solution notebooks")
    parser.add_argument(
        "--cpus-needed",
        type=int,
        default=CPUS_NEEDED,
        help=f"the autograder size's CPUs the bundle needs (default: {CPUS_NEEDED}); fewer are said in the results",
    )


def run_build(args: argparse.Namespace) -> int:
    try:
        out = build(args.lab, Path(args.out), solutions=Path(args.solutions))
    except (LayoutError, nbtools.NotebookError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"wrote {out}: upload it as the autograder of lab {args.lab} on Gradescope (see docs/instructors.md).")
    return 0


def run_grade(args: argparse.Namespace) -> int:
    data = grade_submission_folder(
        args.lab,
        Path(args.submission),
        Path(args.results),
        solutions=Path(args.solutions),
        cpus_needed=args.cpus_needed,
    )
    print(data.get("output", ""))
    return 0
