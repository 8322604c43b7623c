"""Plain result objects of the grader; no I/O, no kernels."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# How one check ended, as written in the gradebook and the feedback.
PASS, FAIL, NO_RESULT, TAMPERING, NOT_RUN = "pass", "fail", "no result", "tampering suspected", "not run"
# Not decided: the check needs more CPUs than the grader's kernel may use (its points are withheld, not lost).
INCONCLUSIVE = "inconclusive"

# How one submission ended.
OK = "ok"  # graded; every check cell produced its result
PROBLEMS = "problems"  # graded, but cells timed out, errored, killed the kernel or looked tampered with
INVALID = "invalid"  # not gradable (bad file, wrong lab, empty folder); scored 0
ERROR = "error"  # the grader itself failed on this submission; scored 0, please report
PENDING = "pending"  # not graded yet (grading stopped before it)
# graded without other trouble, but checks came back inconclusive (too few CPUs): their points are withheld
WITHHELD = "inconclusive"


@dataclass(frozen=True)
class CheckSpec:
    """One autograded check cell of the instructor's solution."""

    grade_id: str
    points: float
    source: str

    @property
    def name(self) -> str:
        """The check name its result must carry: the grade_id without ``check-``."""
        return self.grade_id[len("check-") :] if self.grade_id.startswith("check-") else self.grade_id


@dataclass
class CheckOutcome:
    """The score of one check for one student, and why."""

    grade_id: str
    name: str
    max_score: float
    score: float = 0.0
    status: str = NOT_RUN
    message: str = ""
    threshold: str = ""
    figures: dict[str, Any] = field(default_factory=dict)
    cpus: int = 1  # CPUs the check needs to keep its verdicts
    cpus_available: int | None = None  # where inconclusive: how many it had
    copied: str = ""  # where scored 0 as copied course code: the instructor's line (asynclab.grading.copies)

    @property
    def passed(self) -> bool:
        return self.status == PASS

    @property
    def inconclusive(self) -> bool:
        return self.status == INCONCLUSIVE

    @property
    def withheld(self) -> float:
        """Points neither given nor lost: the whole check's, when it was inconclusive."""
        return self.max_score if self.inconclusive else 0.0

    def needs_cpus(self) -> str:
        """The short form of an inconclusive outcome: ``inconclusive: needs 2 CPUs, had 1``."""
        had = f", had {self.cpus_available}" if self.cpus_available is not None else ""
        return f"{INCONCLUSIVE}: needs {self.cpus} CPUs{had}"


@dataclass(frozen=True)
class Event:
    """Something that happened while a cell ran: ``kind`` is one of
    ``error``, ``timeout``, ``kernel death``, ``memory limit``, ``restart``, ``skipped``, ``warning``."""

    kind: str
    cell: int | None
    text: str

    def line(self) -> str:
        where = f"cell {self.cell}: " if self.cell is not None else ""
        return f"{self.kind}: {where}{self.text}"


@dataclass
class Timings:
    """Seconds spent on one submission, split by what they were spent on."""

    total: float = 0.0
    kernel_start: float = 0.0
    guards: float = 0.0
    cells: float = 0.0  # the notebook's own cells (student code and checks), replays included
    reports: float = 0.0  # writing this student's files and the class files after it

    @property
    def overhead(self) -> float:
        """Everything beyond running the notebook's cells: kernel starts, guards, bookkeeping."""
        return max(0.0, self.total + self.reports - self.cells)


@dataclass
class SubmissionResult:
    """Everything the reports need about one student."""

    student: str
    path: str = ""
    status: str = PENDING
    problem: str = ""  # one line when the submission was not gradable
    checks: list[CheckOutcome] = field(default_factory=list)
    restored: list[str] = field(default_factory=list)  # one line per restored check cell
    events: list[Event] = field(default_factory=list)  # timeouts, errors, kernel deaths, in order
    flags: list[str] = field(default_factory=list)  # suspicious code, for a human to look at
    timings: Timings = field(default_factory=Timings)
    peak_memory_mb: float = 0.0

    @property
    def score(self) -> float:
        return round(sum(c.score for c in self.checks), 4)

    @property
    def max_score(self) -> float:
        return round(sum(c.max_score for c in self.checks), 4)

    @property
    def withheld(self) -> float:
        """Points of inconclusive checks: neither in ``score`` nor lost; a regrade on enough CPUs decides them."""
        return round(sum(c.withheld for c in self.checks), 4)

    @property
    def inconclusive(self) -> list[CheckOutcome]:
        return [c for c in self.checks if c.inconclusive]

    def notes(self) -> str:
        """One line for the gradebook's notes column."""
        if self.problem:
            return self.problem
        parts: list[str] = []
        if self.restored:
            parts.append(f"{len(self.restored)} check cell(s) restored")
        bad = [c for c in self.checks if c.status in (TAMPERING, NO_RESULT, NOT_RUN)]
        for c in bad:
            parts.append(f"{c.name}: {c.status} ({c.message})")
        for c in self.checks:
            if c.copied:
                parts.append(f"{c.name}: copied course code ({c.copied})")
        for c in self.inconclusive:
            parts.append(
                f"{c.name}: {c.needs_cpus()} ({c.max_score:g} points withheld, not lost: regrade on {c.cpus} CPUs)"
            )
        kinds: dict[str, int] = {}
        for event in self.events:
            kinds[event.kind] = kinds.get(event.kind, 0) + 1
        parts.extend(f"{n} {k}" + ("s" if n > 1 and not k.endswith("s") else "") for k, n in kinds.items())
        if self.flags:
            parts.append("review: " + ", ".join(self.flags))
        return "; ".join(parts)
