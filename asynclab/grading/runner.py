"""Grade one submission: restore its checks, run it cell by cell, score it.

One fresh kernel per submission, working in a temporary folder (never the
submissions folder). Student cells run as written; before each check cell
the guard runs and the engine source is verified. When the kernel dies,
it is restarted and the student cells that had run fine are replayed
(outputs discarded), so later checks still see the student's definitions;
after ``max_restarts`` deaths the rest of the notebook is not run.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat

from asynclab import nbtools
from asynclab.grading import guard as guard_code
from asynclab.grading.integrity import PackageIntegrity
from asynclab.grading.kernel import DEAD, ERROR, MEMORY, OK, TIMEOUT, CellRun, GradingKernel, KernelStartError
from asynclab.grading.layout import Submission
from asynclab.grading.report import atomic_write_text
from asynclab.grading.model import (ERROR as STATUS_ERROR, INVALID, NOT_RUN, OK as STATUS_OK, PROBLEMS,
                                    CheckOutcome, CheckSpec, Event, SubmissionResult)
from asynclab.grading.restore import CHECK, WrongLab, restore
from asynclab.grading.scan import scan_cells
from asynclab.grading.scoring import score_check
from asynclab.grading.watchdog import MemoryWatchdog

WORKDIR_LIMIT_BYTES = 200 * 1024 * 1024


@dataclass
class GradingConfig:
    """How to run submissions; the defaults suit the course's labs."""

    kernel_name: str = nbtools.KERNEL_NAME
    timeout: float = 120.0          # seconds per cell
    budget: float = 900.0           # seconds per submission, replays included
    memory_mb: float = 4096.0       # resident memory of the kernel's process tree
    max_restarts: int = 3
    lab_label: str = "this lab"


def _snippet(source: str) -> str:
    for line in source.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line if len(line) <= 60 else line[:57] + "..."
    return "(comments only)"


def _prepare_workdir(sub: Submission, into: Path) -> str:
    """Copy the other files of a student folder into the kernel's working folder."""
    if sub.workdir is None:
        return ""
    files = [p for p in sub.workdir.rglob("*") if p.is_file() and not p.is_symlink()]
    size = sum(p.stat().st_size for p in files)
    if size > WORKDIR_LIMIT_BYTES:
        return (f"the folder {sub.workdir.name}/ holds {size / 2**20:.0f} MB; its other files were not "
                "copied next to the notebook")
    for path in files:
        target = into / path.relative_to(sub.workdir)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    return ""


def _blank(result: SubmissionResult, specs: list[CheckSpec]) -> None:
    result.checks = [CheckOutcome(s.grade_id, s.name, s.points) for s in specs]


def grade_submission(sub: Submission, solution: nbformat.NotebookNode, specs: list[CheckSpec],
                     config: GradingConfig, integrity: PackageIntegrity, watchdog: MemoryWatchdog,
                     graded_nb_path: Path | None = None) -> SubmissionResult:
    """Grade one student. Raises only :class:`IntegrityError` (and interrupts)."""
    began = time.perf_counter()
    result = SubmissionResult(sub.student, str(sub.entry))
    _blank(result, specs)
    try:
        _grade(sub, solution, specs, config, integrity, watchdog, result, graded_nb_path)
    finally:
        result.timings.total = time.perf_counter() - began
    return result


def _invalid(result: SubmissionResult, problem: str) -> None:
    result.status, result.problem = INVALID, problem
    for check in result.checks:
        check.status, check.message = NOT_RUN, problem


def _grade(sub: Submission, solution, specs, config: GradingConfig, integrity: PackageIntegrity,
           watchdog: MemoryWatchdog, result: SubmissionResult, graded_nb_path: Path | None) -> None:
    if sub.notebook is None:
        return _invalid(result, sub.problem)
    try:
        submitted = nbtools.read(sub.notebook)
        restored = restore(solution, submitted, config.lab_label)
    except (nbtools.NotebookError, WrongLab) as error:
        return _invalid(result, str(error))
    except Exception as error:  # a notebook shaped in a way nbformat accepts but we cannot use
        return _invalid(result, f"{sub.notebook.name} is not a usable notebook ({type(error).__name__}: {error}).")
    result.restored = restored.lines
    nb, plan = restored.nb, restored.plan
    result.flags = scan_cells([(i + 1, c.source) for i, (c, p) in enumerate(zip(nb.cells, plan))
                               if c.cell_type == "code" and p.kind != CHECK])

    with tempfile.TemporaryDirectory(prefix="asynclab-grade-") as tmp:
        workdir = Path(tmp) / "work"
        workdir.mkdir()
        note = _prepare_workdir(sub, workdir)
        if note:
            result.events.append(Event("warning", None, note))
        kernel = GradingKernel(kernel_name=config.kernel_name, cwd=workdir, timeout=config.timeout,
                               watchdog=watchdog, package_root=integrity.root)
        watchdog.reset_peak()
        try:
            _run_notebook(nb, plan, kernel, config, integrity, result)
        except KernelStartError as error:
            result.status = STATUS_ERROR
            result.problem = f"grader error: {error}"
        finally:
            kernel.shutdown()
            result.peak_memory_mb = watchdog.peak_mb
    integrity.verify(f"while {sub.student}'s notebook ran")
    if graded_nb_path is not None:
        result_nb = nbtools.normalize(nb)
        graded_nb_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(graded_nb_path, nbtools.dumps(result_nb))
    if result.status not in (STATUS_ERROR, INVALID):
        trouble = any(c.status not in ("pass", "fail") for c in result.checks) or \
            any(e.kind in ("error", "timeout", "kernel death", "memory limit") for e in result.events)
        result.status = PROBLEMS if trouble else STATUS_OK


def _run_notebook(nb, plan, kernel: GradingKernel, config: GradingConfig, integrity: PackageIntegrity,
                  result: SubmissionResult) -> None:
    timings = result.timings
    timings.kernel_start += kernel.start()
    outcome_by_id = {c.grade_id: c for c in result.checks}
    replayable: list[int] = []     # student cells that ran fine, replayed after a kernel death
    deaths = 0
    stopped = ""                   # why the rest of the notebook is not run
    started = time.perf_counter()

    for index, (cell, planned) in enumerate(zip(nb.cells, plan)):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        label = f"cell {index + 1} ({_snippet(cell.source)})"
        if not stopped and time.perf_counter() - started > config.budget:
            stopped = f"the notebook used up its time budget of {config.budget:g} s"
            result.events.append(Event("skipped", index + 1, f"{stopped}; the remaining cells were not run"))
        if stopped:
            if planned.kind == CHECK:
                outcome = outcome_by_id[planned.spec.grade_id]
                outcome.status, outcome.message = NOT_RUN, f"not run: {stopped}"
            continue

        if planned.kind == CHECK:
            spec = planned.spec
            token, nonce = guard_code.new_secret(), guard_code.new_secret()
            t0 = time.perf_counter()
            guard_run = kernel.run(guard_code.check_guard_code(kernel.stash_name, token, nonce),
                                   timeout=min(config.timeout, 60), store_history=False)
            timings.guards += time.perf_counter() - t0
            report = guard_code.read_report(guard_run.outputs, nonce,
                                            guard_run.error or ("" if guard_run.status == OK else guard_run.status))
            if report.ran:
                for item in report.found:
                    note = f"the grader undid a change to {item} before check {spec.name}"
                    if note not in result.flags:
                        result.flags.append(note)
                if report.threads:
                    result.flags.append(f"Python threads started by the notebook were running during check "
                                        f"{spec.name}: {', '.join(report.threads[:5])}")
                integrity.verify(f"before check {spec.name} of {result.student}")
                run = kernel.run(cell.source)
                timings.cells += run.seconds
            else:
                run = guard_run
            cell.outputs = run.outputs
            outcome = score_check(spec, run, report, token, config.timeout)
            outcome_by_id[spec.grade_id].__dict__.update(outcome.__dict__)
        else:
            run = kernel.run(cell.source)
            timings.cells += run.seconds
            cell.outputs = run.outputs
            if run.status == OK:
                replayable.append(index)
            elif run.status == ERROR:
                result.events.append(Event("error", index + 1, f"{_snippet(cell.source)} raised {run.error}"))

        if run.status == TIMEOUT:
            result.events.append(Event("timeout", index + 1,
                                       f"{label} ran longer than {config.timeout:g} s and was interrupted"))
        elif run.status in (DEAD, MEMORY):
            deaths += 1
            if run.status == MEMORY:
                result.events.append(Event("memory limit", index + 1,
                                           f"{label} went over the memory limit of {config.memory_mb:g} MB "
                                           f"({run.error}); the kernel was stopped"))
            else:
                result.events.append(Event("kernel death", index + 1, f"the kernel died in {label} ({run.error})"))
            if deaths > config.max_restarts:
                stopped = f"the kernel died {deaths} times"
                result.events.append(Event("skipped", None, f"{stopped}; the remaining cells were not run"))
                continue
            replayed = _restart_and_replay(nb, kernel, replayable, config, result)
            if replayed is None:
                stopped = "the kernel could not be restarted"
                continue


def _restart_and_replay(nb, kernel: GradingKernel, replayable: list[int], config: GradingConfig,
                        result: SubmissionResult) -> int | None:
    """Restart the kernel and rerun the cells that had run fine; None if it cannot start."""
    try:
        result.timings.kernel_start += kernel.restart()
    except KernelStartError as error:
        result.events.append(Event("restart", None, f"the kernel could not be restarted: {error}"))
        return None
    good: list[int] = []
    for index in replayable:
        run = kernel.run(nb.cells[index].source)
        result.timings.cells += run.seconds
        if run.status in (DEAD, MEMORY):
            result.events.append(Event("restart", index + 1, "replaying this cell after a restart killed the "
                                       "kernel again; later cells run without the earlier cells' state"))
            try:
                result.timings.kernel_start += kernel.restart()
            except KernelStartError:
                return None
            good = []
            break
        if run.status == OK:
            good.append(index)
    replayable[:] = good
    result.events.append(Event("restart", None, f"the kernel was restarted and {len(good)} earlier cell(s) "
                               "were run again"))
    return len(good)
