"""``python -m asynclab check labs/01_async_dispatch_lab.ipynb``: a student grades their own lab.

The notebook is graded exactly as ``python -m asynclab grade`` grades a
class of one: a copy of it, in a fresh kernel, with the instructor's locked
check cells restored from ``solutions/``, under the same limits. The
student's notebook is only read. The results (``feedback.md``,
``results.json``, ``graded.ipynb``) go to ``check-results/labNN/`` unless
``--out`` names another folder.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from asynclab.grading.layout import LayoutError
from asynclab.grading.model import SubmissionResult
from asynclab.grading.report import withheld_sentence
from asynclab.grading.runner import GradingConfig
from asynclab.tooling import nbtools

__all__ = ["add_arguments", "run", "lab_of", "check_notebook", "Checked", "score_table", "DEFAULT_OUT"]

DEFAULT_OUT = Path("check-results")
_GRADER = GradingConfig()
_LAB = re.compile(r"^(\d\d)_")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m asynclab check``."""
    parser.add_argument("notebook", help="your lab notebook, e.g. labs/01_async_dispatch_lab.ipynb (save it first)")
    parser.add_argument("--lab", help="lab number, e.g. 01 (default: from the file name)")
    parser.add_argument("--out", help=f"folder for the feedback (default: {DEFAULT_OUT}/labNN)")
    parser.add_argument("--solutions", default="solutions", help="folder of solution notebooks (default: solutions)")
    # the grader's own defaults, so that a check here scores what the instructor's grading will
    parser.add_argument("--timeout", type=float, default=_GRADER.timeout, help="seconds per cell (as grade)")
    parser.add_argument("--budget", type=float, default=_GRADER.budget, help="seconds in all (as grade)")
    parser.add_argument("--memory-mb", type=float, default=_GRADER.memory_mb, help="memory limit in MB (as grade)")
    parser.add_argument("--kernel", default=_GRADER.kernel_name, help="Jupyter kernel name (default: asynclab)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def lab_of(notebook: Path, lab: str | None = None) -> str:
    """The lab number: ``lab`` when given, else the two digits the file name starts with."""
    if lab is not None:
        if not re.fullmatch(r"\d\d", str(lab)):
            raise LayoutError(f"--lab must be two digits such as 01, not {lab!r}.")
        return str(lab)
    match = _LAB.match(notebook.name)
    if match is None:
        raise LayoutError(
            f"cannot tell which lab {notebook.name} is (its name does not start with two digits "
            "and an underscore, as labs/01_async_dispatch_lab.ipynb does); say it with --lab 01."
        )
    return match.group(1)


@dataclass(frozen=True)
class Checked:
    """What checking one notebook gave: the grader's result and where its files are."""

    result: SubmissionResult
    lab_label: str
    out: Path

    @property
    def feedback(self) -> Path:
        return self.out / self.result.student / "feedback.md"

    @property
    def graded(self) -> Path:
        return self.out / self.result.student / "graded.ipynb"


def check_notebook(
    notebook: Path,
    *,
    lab: str | None = None,
    solutions: Path = Path("solutions"),
    out: Path | None = None,
    config: GradingConfig | None = None,
    progress: bool = False,
    package_dir: Path | None = None,
) -> Checked:
    """Grade ``notebook`` as the instructor's grader would; the notebook itself is only read."""
    from asynclab.grading.cli import grade_class

    notebook = Path(notebook)
    if not notebook.is_file():
        raise LayoutError(f"there is no notebook {notebook}.")
    if notebook.suffix != ".ipynb":
        raise LayoutError(f"{notebook.name} is not a notebook (.ipynb).")
    number = lab_of(notebook, lab)
    nbtools.read(notebook)  # unreadable JSON: one sentence now, not a graded zero
    out = Path(out) if out is not None else DEFAULT_OUT / f"lab{number}"
    with tempfile.TemporaryDirectory(prefix="asynclab-check-") as tmp:
        submissions = Path(tmp) / "submissions"
        submissions.mkdir()
        shutil.copy2(notebook, submissions / notebook.name)
        outcome = grade_class(
            submissions,
            out,
            lab=number,
            solutions=Path(solutions),
            config=config or GradingConfig(),
            progress=progress,
            package_dir=package_dir,
        )
    return Checked(outcome.results[0], outcome.lab_label, out)


def score_table(checked: Checked) -> str:
    """The score table a student sees: one row per check, then the total."""
    result = checked.result
    lines = [f"{checked.lab_label}: {Path(result.path).name}"]
    if result.problem:
        lines.append(f"  not graded: {result.problem}")
    width = max([len(c.name) for c in result.checks] + [5])
    for c in result.checks:
        first = (c.message or c.status).splitlines()[0] if (c.message or c.status) else ""
        if c.inconclusive:  # neither a pass nor a fail: say so, and not as a zero
            lines.append(f"  {c.name:<{width}}  -/{c.max_score:g}  {c.status}: {first}")
        else:
            lines.append(f"  {c.name:<{width}}  {c.score:g}/{c.max_score:g}  {first}")
    total = sum(c.score for c in result.checks)
    maximum = sum(c.max_score for c in result.checks)
    withheld = f"  ({result.withheld:g} withheld: inconclusive)" if result.inconclusive else ""
    lines.append(f"  {'total':<{width}}  {total:g}/{maximum:g}{withheld}")
    if result.inconclusive:
        lines.append("  " + withheld_sentence(result))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Entry point of the ``check`` subcommand; returns the exit status (0: graded, 2: unusable input)."""
    config = GradingConfig(kernel_name=args.kernel, timeout=args.timeout, budget=args.budget, memory_mb=args.memory_mb)
    try:
        checked = check_notebook(
            Path(args.notebook),
            lab=args.lab,
            solutions=Path(args.solutions),
            out=Path(args.out) if args.out else None,
            config=config,
            progress=not args.no_progress,
        )
    except (LayoutError, nbtools.NotebookError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(score_table(checked))
    print(f"feedback: {checked.feedback}")
    print(f"your notebook as graded: {checked.graded}")
    return 0
