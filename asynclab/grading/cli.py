"""``python -m asynclab grade --lab 01 SUBMISSIONS --out RESULTS``: grade a class.

Submissions are graded one at a time (timing checks must not compete). After
each one, its files and the class files (gradebook, summary) are rewritten
atomically, so a crash or Ctrl-C leaves a consistent results folder whose
gradebook marks the rest as pending. A rerun starts by removing the files
the previous run wrote (listed in ``.asynclab-grade.json``) and writes
everything again. The submissions folder is never written to.

Exit status: 0 graded (bad submissions included), 2 unusable command line
or solution, 3 the engine source changed during grading (stopped).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import asynclab
from asynclab.checks.core import available_cpus, measure_anyway
from asynclab.grading import report
from asynclab.grading.integrity import IntegrityError, PackageIntegrity, tree_digest
from asynclab.grading.layout import Discovery, LayoutError, discover, find_solution, overlapping
from asynclab.grading.model import ERROR, NOT_RUN, CheckOutcome, CheckSpec, SubmissionResult
from asynclab.grading.restore import solution_checks
from asynclab.grading.runner import GradingConfig, grade_submission
from asynclab.grading.watchdog import MemoryWatchdog
from asynclab.tooling import nbtools

MANIFEST = ".asynclab-grade.json"
STUDENT_FILES = ("results.json", "feedback.md", "graded.ipynb")
CLASS_FILES = ("gradebook.csv", "summary.md", "histogram.png")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m asynclab grade``."""
    parser.add_argument("submissions", help="folder of submissions: NAME.ipynb files or NAME/ folders")
    parser.add_argument("--lab", required=True, help="lab number, e.g. 01")
    parser.add_argument("--out", required=True, help="results folder (created; never inside the submissions)")
    parser.add_argument("--solutions", default="solutions", help="folder of solution notebooks (default: solutions)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per cell (default: 120)")
    parser.add_argument(
        "--budget",
        type=float,
        default=900.0,
        help="seconds per submission before its remaining cells are skipped (default: 900)",
    )
    parser.add_argument(
        "--memory-mb",
        type=float,
        default=4096.0,
        help="resident memory limit of a kernel and its child processes (default: 4096)",
    )
    parser.add_argument("--kernel", default=nbtools.KERNEL_NAME, help="Jupyter kernel name (default: asynclab)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Entry point of the ``grade`` subcommand; returns the exit status."""
    config = GradingConfig(kernel_name=args.kernel, timeout=args.timeout, budget=args.budget, memory_mb=args.memory_mb)
    try:
        outcome = grade_class(
            Path(args.submissions),
            Path(args.out),
            lab=args.lab,
            solutions=Path(args.solutions),
            config=config,
            progress=not args.no_progress,
        )
    except (LayoutError, nbtools.NotebookError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except IntegrityError as error:
        bar = "!" * 78
        print(f"\n{bar}\nGRADING ABORTED: {error}\n{bar}", file=sys.stderr)
        return 3
    print(outcome.overhead_report())
    unsure = [r for r in outcome.results if r.inconclusive]
    if unsure:
        print(
            f"{len(unsure)} submission(s) have inconclusive checks: this grader could use {config.cpus} CPU(s), "
            "fewer than they need, so they were not run and their points are withheld (status 'inconclusive' "
            "in the gradebook); grade those submissions again on a machine with enough CPUs."
        )
    if outcome.submissions_changed:
        print(
            "WARNING: the submissions folder changed while grading. The grader never writes there; "
            "student code running in a kernel may have.",
            file=sys.stderr,
        )
    print(f"wrote {Path(args.out) / 'gradebook.csv'} ({len(outcome.results)} submission(s))")
    return 0


@dataclass
class ClassOutcome:
    results: list[SubmissionResult]
    lab_label: str
    seconds: float = 0.0
    submissions_changed: bool = False
    warnings: list[str] = field(default_factory=list)

    def overhead_report(self) -> str:
        """Grading overhead per submission beyond running its notebook."""
        ran = [r for r in self.results if r.timings.kernel_start > 0]
        lines = [
            f"Graded {len(self.results)} submission(s) of {self.lab_label} in {self.seconds:.1f} s.",
            "Overhead per submission beyond running the notebook's cells "
            "(kernel starts, guards, restoring, bookkeeping):",
        ]
        if not ran:
            lines.append("  (no notebook was run)")
            return "\n".join(lines)
        lines.append(
            f"  {'student':<20} {'total':>8} {'cells':>8} {'overhead':>9} {'kernel':>8} {'guards':>8} {'files':>7}"
        )
        for r in ran:
            t = r.timings
            lines.append(
                f"  {r.student[:20]:<20} {t.total + t.reports:7.2f}s {t.cells:7.2f}s {t.overhead:8.2f}s "
                f"{t.kernel_start:7.2f}s {t.guards:7.2f}s {t.reports:6.2f}s"
            )
        overheads = [r.timings.overhead for r in ran]
        lines.append(
            f"  mean overhead {statistics.fmean(overheads):.2f} s, median "
            f"{statistics.median(overheads):.2f} s per submission"
        )
        return "\n".join(lines)


def _clean_previous(out: Path) -> None:
    """Remove what an earlier run wrote (as its manifest lists), nothing else."""
    manifest = out / MANIFEST
    try:
        previous = json.loads(manifest.read_text(encoding="utf-8"))
        students = [str(s) for s in previous.get("students", [])]
    except (OSError, ValueError, AttributeError):
        students = []
    for student in students:
        folder = out / student
        if folder.parent != out or student in ("", ".", ".."):
            continue
        for name in STUDENT_FILES:
            (folder / name).unlink(missing_ok=True)
        try:
            folder.rmdir()
        except OSError:
            pass  # something else is in there; leave it
    for name in CLASS_FILES:
        (out / name).unlink(missing_ok=True)


def _write_class_files(
    out: Path,
    results: list[SubmissionResult],
    specs: Sequence[CheckSpec],
    lab_label: str,
    found: Discovery,
    final: bool,
) -> None:
    report.atomic_write_text(out / "gradebook.csv", report.gradebook_csv(results, specs))
    histogram = None
    if final:
        maximum = sum(s.points for s in specs)
        report.atomic_write_bytes(out / "histogram.png", report.histogram_png(results, maximum, lab_label))
        histogram = "histogram.png"
    report.atomic_write_text(
        out / "summary.md",
        report.summary_md(results, specs, lab_label, final=final, ignored=found.ignored, histogram=histogram),
    )


def grade_class(
    submissions: Path,
    out: Path,
    *,
    lab: str,
    solutions: Path = Path("solutions"),
    config: GradingConfig | None = None,
    progress: bool = True,
    package_dir: Path | None = None,
) -> ClassOutcome:
    """Grade every submission in ``submissions`` into ``out``.

    ``package_dir`` is the asynclab package the kernels import (default: the
    one this process runs); tests point it at a copy.
    """
    began = time.perf_counter()
    solution_path = find_solution(solutions, lab)
    solution = nbtools.read(solution_path)
    specs = solution_checks(solution)
    lab_label = f"Lab {solution_path.name.split('_', 1)[0]} ({solution_path.stem})"
    config = config or GradingConfig()
    config.lab_label = lab_label
    if config.cpus is None:  # the kernels inherit the grader's CPUs
        config.cpus = available_cpus()
    config.measure_anyway = config.measure_anyway or measure_anyway()
    if overlapping(submissions, out):
        raise LayoutError(
            f"the results folder {out} and the submissions folder {submissions} overlap; "
            "the grader never writes into the submissions."
        )
    _require_kernel(config.kernel_name)
    found = discover(submissions, solution_path.name)
    submissions_digest = tree_digest(submissions)
    integrity = PackageIntegrity(package_dir or Path(asynclab.__file__).resolve().parent)

    out.mkdir(parents=True, exist_ok=True)
    _clean_previous(out)
    students = [s.student for s in found.submissions]
    report.atomic_write_text(out / MANIFEST, report.dumps_json({"lab": lab_label, "students": students}))
    results = [SubmissionResult(s.student, str(s.entry)) for s in found.submissions]
    for result in results:
        result.checks = []
    _write_class_files(out, results, specs, lab_label, found, final=False)

    watchdog = MemoryWatchdog(config.memory_mb)
    bar = _progress(found.submissions, progress)
    try:
        for position, sub in enumerate(bar):
            if hasattr(bar, "set_postfix_str"):
                bar.set_postfix_str(sub.student)
            try:
                result = grade_submission(
                    sub, solution, specs, config, integrity, watchdog, graded_nb_path=out / sub.student / "graded.ipynb"
                )
            except IntegrityError:
                results[position].status = ERROR
                results[position].problem = "grading stopped here: the asynclab package source changed"
                results[position].checks = []
                _write_class_files(out, results, specs, lab_label, found, final=False)
                raise
            except Exception as error:  # a grader bug must not cost the rest of the class
                result = SubmissionResult(
                    sub.student, str(sub.entry), status=ERROR, problem=f"grader error: {type(error).__name__}: {error}"
                )
                result.checks = _blank_checks(specs, result.problem)
            t0 = time.perf_counter()
            folder = out / sub.student
            report.atomic_write_text(folder / "results.json", report.dumps_json(report.results_json(result, lab_label)))
            report.atomic_write_text(folder / "feedback.md", report.feedback_md(result, lab_label))
            results[position] = result
            _write_class_files(out, results, specs, lab_label, found, final=False)
            result.timings.reports = time.perf_counter() - t0
    finally:
        watchdog.close()
        if hasattr(bar, "close"):
            bar.close()
    _write_class_files(out, results, specs, lab_label, found, final=True)
    outcome = ClassOutcome(results, lab_label, time.perf_counter() - began)
    outcome.submissions_changed = tree_digest(submissions) != submissions_digest
    return outcome


def _blank_checks(specs: Sequence[CheckSpec], why: str) -> list[CheckOutcome]:
    return [CheckOutcome(s.grade_id, s.name, s.points, status=NOT_RUN, message=why) for s in specs]


def _progress(items, enabled: bool):
    if not enabled:
        return items
    from tqdm import tqdm

    return tqdm(items, desc="grading", unit="notebook", file=sys.stderr, dynamic_ncols=True)


def _require_kernel(name: str) -> None:
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec(name)
    except NoSuchKernel:
        raise LayoutError(f"the Jupyter kernel {name!r} is not installed (make setup installs it).") from None
