"""Grade one submission: restore its checks, run it cell by cell, score it.

One fresh kernel per submission, working in a temporary folder (never the
submissions folder). Student cells run as written; before each check cell
the guard runs and the engine source is verified. When the kernel dies,
it is restarted and the student cells that had run fine are replayed
(outputs discarded), so later checks still see the student's definitions;
after ``max_restarts`` deaths the rest of the notebook is not run.
"""

from __future__ import annotations

import ast
import functools
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat

from asynclab.foundation.memory import MB
from asynclab.grading import copies
from asynclab.grading import guard as guard_code
from asynclab.grading.integrity import PackageIntegrity
from asynclab.grading.kernel import DEAD, ERROR, MEMORY, OK, TIMEOUT, CellRun, GradingKernel, KernelStartError
from asynclab.grading.layout import Submission
from asynclab.grading.model import ERROR as STATUS_ERROR
from asynclab.grading.model import (
    INCONCLUSIVE,
    INVALID,
    NOT_RUN,
    PROBLEMS,
    WITHHELD,
    CheckOutcome,
    CheckSpec,
    Event,
    SubmissionResult,
)
from asynclab.grading.model import OK as STATUS_OK
from asynclab.grading.report import atomic_write_text
from asynclab.grading.restore import CHECK, WrongLab, restore
from asynclab.grading.scan import scan_cells
from asynclab.grading.scoring import apply_requirements, copied_outcome, score_check
from asynclab.grading.watchdog import MemoryWatchdog
from asynclab.tooling import nbtools

WORKDIR_LIMIT_BYTES = 200 * MB


@dataclass
class GradingConfig:
    """How to run submissions; the defaults suit the course's labs."""

    kernel_name: str = nbtools.KERNEL_NAME
    timeout: float = 120.0  # seconds per cell
    budget: float = 900.0  # seconds per submission, replays included
    memory_mb: float = 4096.0  # resident memory of the kernel's process tree
    max_restarts: int = 3
    lab_label: str = "this lab"
    # CPUs the grader's process (and so its kernels) may use; None: read when grading starts
    cpus: int | None = None
    # keep the verdicts of checks that ran on fewer CPUs than they need (the robustness bench)
    measure_anyway: bool = False


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
        return (
            f"the folder {sub.workdir.name}/ holds {size / MB:.0f} MB; its other files were not "
            "copied next to the notebook"
        )
    for path in files:
        target = into / path.relative_to(sub.workdir)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    return ""


def _blank(result: SubmissionResult, specs: list[CheckSpec]) -> None:
    result.checks = [CheckOutcome(s.grade_id, s.name, s.points) for s in specs]


def grade_submission(
    sub: Submission,
    solution: nbformat.NotebookNode,
    specs: list[CheckSpec],
    config: GradingConfig,
    integrity: PackageIntegrity,
    watchdog: MemoryWatchdog,
    graded_nb_path: Path | None = None,
) -> SubmissionResult:
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


def _grade(
    sub: Submission,
    solution,
    specs,
    config: GradingConfig,
    integrity: PackageIntegrity,
    watchdog: MemoryWatchdog,
    result: SubmissionResult,
    graded_nb_path: Path | None,
) -> None:
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
    result.flags = scan_cells(
        [(i + 1, c.source) for i, (c, p) in enumerate(zip(nb.cells, plan)) if c.cell_type == "code" and p.kind != CHECK]
    )

    with tempfile.TemporaryDirectory(prefix="asynclab-grade-") as tmp:
        workdir = Path(tmp) / "work"
        workdir.mkdir()
        note = _prepare_workdir(sub, workdir)
        if note:
            result.events.append(Event("warning", None, note))
        kernel = GradingKernel(
            kernel_name=config.kernel_name,
            cwd=workdir,
            timeout=config.timeout,
            watchdog=watchdog,
            package_root=integrity.root,
        )
        watchdog.reset_peak()
        try:
            _NotebookRun(nb, plan, kernel, config, integrity, result, _judge(solution)).run()
        except KernelStartError as error:
            result.status = STATUS_ERROR
            result.problem = f"grader error: {error}"
        finally:
            kernel.shutdown()
            result.peak_memory_mb = watchdog.peak_mb
    requires = _requirements(tuple(specs))
    apply_requirements(result.checks, requires, _added_between(solution, nb, plan, requires))
    integrity.verify(f"while {sub.student}'s notebook ran")
    if graded_nb_path is not None:
        result_nb = nbtools.normalize(nb)
        graded_nb_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(graded_nb_path, nbtools.dumps(result_nb))
    if result.status not in (STATUS_ERROR, INVALID):
        trouble = any(c.status not in ("pass", "fail", INCONCLUSIVE) for c in result.checks) or any(
            e.kind in ("error", "timeout", "kernel death", "memory limit") for e in result.events
        )
        result.status = PROBLEMS if trouble else (WITHHELD if result.inconclusive else STATUS_OK)


@functools.cache
def _requirements(specs: tuple[CheckSpec, ...]) -> dict[str, tuple[str, ...]]:
    """The checks each check of the lab requires to have passed (its declaration's ``requires``), by name."""
    found = {}
    for spec in specs:
        try:
            check = copies.declared_check(spec.source, spec.name)
        except Exception:  # pragma: no cover - a course tree the grader cannot read: no requirement
            check = None
        if check is not None and check.requires:
            found[spec.name] = check.requires
    return found


def _added_between(solution, nb, plan, requires: dict[str, tuple[str, ...]]) -> dict[tuple[str, str], list[int]]:
    """For each check and a check it requires: the cells (numbered from 1) the student added between the two.

    A cell stands for one of the solution's cells when :func:`restore` found it there; one that
    does not, or whose solution cell lies elsewhere, is added. Cells of comments alone change nothing
    and are left out.
    """
    at = {p.spec.name: i for i, p in enumerate(plan) if p.kind == CHECK}
    in_solution = {nbtools.grade_id(c): i for i, c in enumerate(solution.cells) if nbtools.is_check(c)}
    grade_ids = {p.spec.name: p.spec.grade_id for p in plan if p.kind == CHECK}
    found: dict[tuple[str, str], list[int]] = {}
    for name, required in requires.items():
        for other in required:
            if name not in at or other not in at or at[other] > at[name]:
                continue
            low, high = in_solution[grade_ids[other]], in_solution[grade_ids[name]]
            added = [
                i + 1
                for i in range(at[other] + 1, at[name])
                if plan[i].kind != CHECK
                and nb.cells[i].cell_type == "code"
                and _does_something(nb.cells[i].source)
                and not (plan[i].solution_index is not None and low < plan[i].solution_index < high)
            ]
            if added:
                found[(name, other)] = added
    return found


def _does_something(source: str) -> bool:
    """Whether a code cell holds anything but blank lines and comments (magics and text that is not
    Python count as something)."""
    try:
        return bool(ast.parse(source).body)
    except (SyntaxError, ValueError):
        return bool(source.strip())


def _judge(solution) -> copies.Judge | None:
    """The copy detector for this lab; None (every check judged by running) if it cannot read the course."""
    try:
        return copies.judge_for(solution)
    except Exception:  # pragma: no cover - a course tree the detector cannot read must not stop grading
        return None


class _NotebookRun:
    """The cell-by-cell run of one restored notebook in one (restartable) kernel."""

    def __init__(
        self,
        nb,
        plan,
        kernel: GradingKernel,
        config: GradingConfig,
        integrity: PackageIntegrity,
        result: SubmissionResult,
        judge: copies.Judge | None = None,
    ) -> None:
        self.nb, self.plan, self.kernel, self.config = nb, plan, kernel, config
        self.judge = judge
        self.integrity, self.result = integrity, result
        self.outcomes = {c.grade_id: c for c in result.checks}
        self.replayable: list[int] = []  # student cells that ran fine, replayed after a death
        self.deaths = 0
        self.stopped = ""  # why the rest of the notebook is not run
        self.undone: dict[str, list[str]] = {}  # what a guard put back -> before which checks
        self.threads: dict[str, list[str]] = {}  # Python threads running during checks -> which checks
        self.started = 0.0

    def run(self) -> None:
        self.result.timings.kernel_start += self.kernel.start()
        self.started = time.perf_counter()
        try:
            for index, (cell, planned) in enumerate(zip(self.nb.cells, self.plan)):
                if cell.cell_type == "code" and cell.source.strip():
                    self._cell(index, cell, planned)
        finally:
            for item, checks in self.undone.items():
                self.result.flags.append(f"the grader undid a change to {item} (before check {', '.join(checks)})")
            for name, checks in self.threads.items():
                self.result.flags.append(
                    f"a Python thread started by the notebook ({name}) was running during check {', '.join(checks)}"
                )

    def _event(self, kind: str, index: int | None, text: str) -> None:
        self.result.events.append(Event(kind, None if index is None else index + 1, text))

    def _cell(self, index: int, cell, planned) -> None:
        config = self.config
        label = f"check {planned.spec.name}" if planned.kind == CHECK else f"`{_snippet(cell.source)}`"
        if not self.stopped and time.perf_counter() - self.started > config.budget:
            self.stopped = f"the notebook used up its time budget of {config.budget:g} s"
            self._event("skipped", index, f"{self.stopped}; the remaining cells were not run")
        if self.stopped:
            if planned.kind == CHECK:
                outcome = self.outcomes[planned.spec.grade_id]
                outcome.status, outcome.message = NOT_RUN, f"not run: {self.stopped}"
            return

        run = self._check(index, cell, planned.spec) if planned.kind == CHECK else self._student(index, cell, label)
        cell.outputs = run.outputs
        if run.status == TIMEOUT:
            self._event("timeout", index, f"{label} ran longer than {config.timeout:g} s and was interrupted")
        elif run.status in (DEAD, MEMORY):
            self.deaths += 1
            if run.status == MEMORY:
                self._event(
                    "memory limit",
                    index,
                    f"{label} went over the memory limit of "
                    f"{config.memory_mb:g} MB ({run.error}); the kernel was stopped",
                )
            else:
                self._event("kernel death", index, f"the kernel died in {label} ({run.error})")
            if self.deaths > config.max_restarts:
                self.stopped = f"the kernel died {self.deaths} times"
                self._event("skipped", None, f"{self.stopped}; the remaining cells were not run")
            elif not self._restart_and_replay():
                self.stopped = "the kernel could not be restarted"

    def _student(self, index: int, cell, label: str) -> CellRun:
        run = self.kernel.run(cell.source)
        self.result.timings.cells += run.seconds
        if run.status == OK:
            self.replayable.append(index)
        elif run.status == ERROR:
            self._event("error", index, f"{label} raised {run.error}")
        return run

    def _copied(self, index: int, cell, spec: CheckSpec) -> CellRun | None:
        """A check whose answer copies course code is not run: FAIL, 0 points, the detector's sentence."""
        if self.judge is None:
            return None
        sources = [c.source for c in self.nb.cells[:index] if c.cell_type == "code"]
        try:
            verdict = self.judge.verdict(sources, cell.source, spec.name)
        except Exception:  # pragma: no cover - a detector bug must not cost a student the check
            return None
        if verdict is None:
            return None
        self.outcomes[spec.grade_id].__dict__.update(copied_outcome(spec, verdict.sentence, verdict.detail).__dict__)
        line = f"FAIL [{spec.name}] {verdict.sentence}\n"
        return CellRun(OK, [nbformat.v4.new_output("stream", name="stdout", text=line)])

    def _check(self, index: int, cell, spec: CheckSpec) -> CellRun:
        copied = self._copied(index, cell, spec)
        if copied is not None:
            return copied
        token, nonce = guard_code.new_secret(), guard_code.new_secret()
        began = time.perf_counter()
        guard_run = self.kernel.run(
            guard_code.check_guard_code(self.kernel.stash_name, token, nonce),
            timeout=min(self.config.timeout, 60),
            store_history=False,
        )
        self.result.timings.guards += time.perf_counter() - began
        failure = guard_run.error or ("" if guard_run.status == OK else guard_run.status)
        report = guard_code.read_report(guard_run.outputs, nonce, failure)
        if report.ran:
            for item in report.found:
                self.undone.setdefault(item, []).append(spec.name)
            for name in report.threads[:5]:
                self.threads.setdefault(name, []).append(spec.name)
            self.integrity.verify(f"before check {spec.name} of {self.result.student}")
            run = self.kernel.run(cell.source)
            self.result.timings.cells += run.seconds
        else:
            run = guard_run
        outcome = score_check(
            spec,
            run,
            report,
            token,
            self.config.timeout,
            cpus=self.config.cpus,
            measure_anyway=self.config.measure_anyway,
        )
        self.outcomes[spec.grade_id].__dict__.update(outcome.__dict__)
        return run

    def _restart_and_replay(self) -> bool:
        """Restart the kernel and rerun the cells that had run fine; False if it cannot start."""
        timings = self.result.timings
        try:
            timings.kernel_start += self.kernel.restart()
        except KernelStartError as error:
            self._event("restart", None, f"the kernel could not be restarted: {error}")
            return False
        good: list[int] = []
        for index in self.replayable:
            run = self.kernel.run(self.nb.cells[index].source)
            timings.cells += run.seconds
            if run.status in (DEAD, MEMORY):
                self._event(
                    "restart",
                    index,
                    "running this cell again after a restart killed the kernel "
                    "again; later cells run without the earlier cells' state",
                )
                try:
                    timings.kernel_start += self.kernel.restart()
                except KernelStartError:
                    return False
                good = []
                break
            if run.status == OK:
                good.append(index)
        self.replayable[:] = good
        self._event("restart", None, f"the kernel was restarted and {len(good)} earlier cell(s) were run again")
        return True
