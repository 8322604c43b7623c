"""What the grader writes: gradebook, Gradescope results, feedback, summary, histogram.

Only text and pictures are made here, from :class:`SubmissionResult`
objects; every file is written atomically (a temporary file in the same
folder, then :func:`os.replace`), so a reader or a crash never sees half a
file.
"""

from __future__ import annotations

import csv
import io
import json
import os
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from asynclab.grading.model import ERROR, INVALID, PASS, PENDING, CheckSpec, SubmissionResult

_UMASK = os.umask(0o022)
os.umask(_UMASK)

VERDICT = {
    "pass": "PASS",
    "fail": "FAIL",
    "no result": "NO RESULT",
    "tampering suspected": "TAMPERING SUSPECTED",
    "not run": "NOT RUN",
}


# -- atomic files -------------------------------------------------------------
def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either old or new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes 0600; results are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def _fmt(points: float) -> str:
    return f"{points:g}"


def _cell(text: str) -> str:
    """Text safe inside a markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


# -- gradebook ----------------------------------------------------------------
def gradebook_csv(results: Sequence[SubmissionResult], specs: Sequence[CheckSpec]) -> str:
    """One row per student, one column per check, total, max, status and notes."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", *[s.grade_id for s in specs], "total", "max", "status", "notes"])
    for result in results:
        if result.status == PENDING:
            writer.writerow(
                [
                    result.student,
                    *["" for _ in specs],
                    "",
                    _fmt(sum(s.points for s in specs)),
                    PENDING,
                    "not graded yet (grading stopped before this submission)",
                ]
            )
            continue
        scores = {c.grade_id: c.score for c in result.checks}
        writer.writerow(
            [
                result.student,
                *[_fmt(scores.get(s.grade_id, 0.0)) for s in specs],
                _fmt(result.score),
                _fmt(result.max_score),
                result.status,
                result.notes(),
            ]
        )
    return out.getvalue()


# -- Gradescope ---------------------------------------------------------------
def results_json(result: SubmissionResult, lab_label: str) -> dict[str, Any]:
    """Gradescope's autograder results format for one student."""
    tests = []
    for number, check in enumerate(result.checks, start=1):
        text = f"{VERDICT.get(check.status, check.status.upper())} [{check.name}] {check.message}".strip()
        tests.append(
            {
                "name": check.name,
                "number": str(number),
                "score": check.score,
                "max_score": check.max_score,
                "status": "passed" if check.status == PASS else "failed",
                "output": text,
                "visibility": "visible",
            }
        )
    summary = f"{lab_label}: {_fmt(result.score)} / {_fmt(result.max_score)} points."
    if result.problem:
        summary += f" {result.problem}"
    if result.restored:
        summary += f" {len(result.restored)} check cell(s) were restored from the lab."
    return {
        "score": result.score,
        "output": summary,
        "visibility": "visible",
        "execution_time": round(result.timings.total, 1),
        "tests": tests,
    }


# -- feedback -----------------------------------------------------------------
def feedback_md(result: SubmissionResult, lab_label: str) -> str:
    """A page the student can read: verdicts, figures, what was restored and what went wrong."""
    lines = [
        f"# {lab_label}: feedback for {result.student}",
        "",
        f"**Score: {_fmt(result.score)} / {_fmt(result.max_score)}**",
        "",
    ]
    if result.problem:
        lines += [
            "Your submission could not be graded:",
            "",
            f"> {result.problem}",
            "",
            "Every check scores 0. Fix the file and submit it again, or ask your instructor.",
            "",
        ]
    lines += ["| check | result | points | details |", "|---|---|---|---|"]
    for check in result.checks:
        lines.append(
            f"| {check.name} | {VERDICT.get(check.status, check.status)} | "
            f"{_fmt(check.score)} / {_fmt(check.max_score)} | {_cell(check.message)} |"
        )
    lines.append("")
    figured = [c for c in result.checks if c.figures]
    if figured:
        lines += ["## Measured figures", ""]
        for check in figured:
            shown = ", ".join(
                f"{k} = {v:.4g}" if isinstance(v, float) else f"{k} = {v}" for k, v in check.figures.items()
            )
            threshold = f" (needs {check.threshold})" if check.threshold else ""
            lines.append(f"- **{check.name}**{threshold}: {shown}")
        lines.append("")
    if result.restored:
        lines += [
            "## Check cells restored from the lab",
            "",
            "Check cells are locked; the grader ran the lab's own version of these:",
            "",
        ]
        lines += [f"- {line}" for line in result.restored]
        lines.append("")
    if result.events:
        lines += ["## What happened while your notebook ran", ""]
        lines += [f"- {_cell(event.line())}" for event in result.events]
        lines.append("")
    if result.flags:
        lines += ["## Flagged for your instructor to look at", "", "These do not change your score by themselves:", ""]
        lines += [f"- {_cell(flag)}" for flag in result.flags]
        lines.append("")
    return "\n".join(lines)


# -- class summary ------------------------------------------------------------
def summary_md(
    results: Sequence[SubmissionResult],
    specs: Sequence[CheckSpec],
    lab_label: str,
    *,
    final: bool,
    ignored: Sequence[str] = (),
    histogram: str | None = None,
) -> str:
    graded = [r for r in results if r.status != PENDING]
    scored = [r for r in graded if r.status not in (INVALID, ERROR)]
    maximum = sum(s.points for s in specs)
    lines = [f"# {lab_label}: class summary", ""]
    if not final:
        lines += [f"**Grading in progress: {len(graded)} of {len(results)} submissions graded.**", ""]
    lines.append(
        f"{len(results)} submission(s); {len(scored)} graded, "
        f"{sum(r.status == INVALID for r in graded)} not gradable, "
        f"{sum(r.status == ERROR for r in graded)} grader error(s)."
    )
    if scored:
        totals = [r.score for r in scored]
        lines.append(
            f"Scores out of {_fmt(maximum)}: mean {statistics.fmean(totals):.2f}, "
            f"median {statistics.median(totals):g}, min {min(totals):g}, max {max(totals):g}."
        )
    lines.append("")
    if scored:
        lines += ["| check | points | passed |", "|---|---|---|"]
        for spec in specs:
            passed = sum(1 for r in scored for c in r.checks if c.grade_id == spec.grade_id and c.status == PASS)
            lines.append(f"| {spec.name} | {_fmt(spec.points)} | {passed} / {len(scored)} |")
        lines.append("")
    if histogram:
        lines += [f"![score histogram]({histogram})", ""]
    lines += ["| student | status | score | notes |", "|---|---|---|---|"]
    for r in results:
        score = "" if r.status == PENDING else f"{_fmt(r.score)} / {_fmt(r.max_score)}"
        lines.append(f"| {r.student} | {r.status} | {score} | {_cell(r.notes())} |")
    lines.append("")
    if ignored:
        lines += ["Ignored (not notebooks): " + ", ".join(ignored), ""]
    return "\n".join(lines)


def histogram_png(results: Sequence[SubmissionResult], maximum: float, lab_label: str) -> bytes:
    """A bar chart of total scores (PNG bytes), drawn with the Agg backend."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    totals = [r.score for r in results if r.status != PENDING]
    figure = Figure(figsize=(6, 3.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    top = max(maximum, max(totals, default=0.0), 1.0)
    bins = min(20, max(1, int(round(top)))) if top <= 20 else 20
    axes.hist(totals, bins=bins, range=(0, top), color="#4477aa", edgecolor="white")
    axes.set_xlabel(f"total score (out of {_fmt(maximum)})")
    axes.set_ylabel("students")
    axes.set_title(f"{lab_label}: {len(totals)} submission(s)")
    axes.yaxis.get_major_locator().set_params(integer=True)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def dumps_json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
