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

from asynclab.grading.model import ERROR, INCONCLUSIVE, INVALID, PASS, PENDING, CheckSpec, SubmissionResult

_UMASK = os.umask(0o022)
os.umask(_UMASK)

VERDICT = {
    "pass": "PASS",
    "fail": "FAIL",
    "no result": "NO RESULT",
    "tampering suspected": "TAMPERING SUSPECTED",
    "not run": "NOT RUN",
    "inconclusive": "INCONCLUSIVE",
}


def withheld_sentence(result: SubmissionResult) -> str:
    """One sentence on the checks that came back inconclusive (empty when none did)."""
    found = result.inconclusive
    if not found:
        return ""
    needed = max(c.cpus for c in found)
    had = min((c.cpus_available for c in found if c.cpus_available is not None), default=None)
    names = ", ".join(c.name for c in found)
    where = f"could use {had} CPU{'s' if had != 1 else ''}" if had is not None else "could use too few CPUs"
    return (
        f"The grader {where} and {names} need{'s' if len(found) == 1 else ''} {needed}: "
        f"inconclusive, {_fmt(result.withheld)} point(s) withheld, not lost, until graded again on {needed} CPUs."
    )


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
    """One row per student, one column per check, total, max, status and notes.

    An inconclusive check's column reads ``inconclusive`` (not a number): its points are in neither
    the total nor lost; the row's status is ``inconclusive`` and its notes say how many are withheld.
    """
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
        scores = {c.grade_id: (INCONCLUSIVE if c.inconclusive else _fmt(c.score)) for c in result.checks}
        writer.writerow(
            [
                result.student,
                *[scores.get(s.grade_id, "0") for s in specs],
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
        test: dict[str, Any] = {
            "name": check.name,
            "number": str(number),
            "score": check.score,
            "max_score": check.max_score,
            "status": "passed" if check.status == PASS else "failed",
            "output": text,
            "visibility": "visible",
        }
        if check.inconclusive:  # neither passed nor failed: Gradescope's own two statuses do not apply
            del test["status"]
            test["tags"] = [INCONCLUSIVE]
            test["extra_data"] = {
                "outcome": INCONCLUSIVE,
                "cpus_needed": check.cpus,
                "cpus_available": check.cpus_available,
                "points_withheld": check.max_score,
            }
        tests.append(test)
    summary = f"{lab_label}: {_fmt(result.score)} / {_fmt(result.max_score)} points."
    if result.problem:
        summary += f" {result.problem}"
    if result.inconclusive:
        summary += " " + withheld_sentence(result)
    if result.restored:
        summary += f" {len(result.restored)} check cell(s) were restored from the lab."
    data: dict[str, Any] = {
        "score": result.score,
        "output": summary,
        "visibility": "visible",
        "execution_time": round(result.timings.total, 1),
        "tests": tests,
    }
    if result.inconclusive:
        data["extra_data"] = {"points_withheld": result.withheld, "inconclusive": [c.name for c in result.inconclusive]}
    return data


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
    if result.inconclusive:
        lines += [withheld_sentence(result), ""]
    lines += ["| check | result | points | details |", "|---|---|---|---|"]
    for check in result.checks:
        points = (
            f"withheld / {_fmt(check.max_score)}"
            if check.inconclusive
            else f"{_fmt(check.score)} / {_fmt(check.max_score)}"
        )
        lines.append(
            f"| {check.name} | {VERDICT.get(check.status, check.status)} | {points} | {_cell(check.message)} |"
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
    withheld = [r for r in scored if r.inconclusive]
    if withheld:
        lines += [
            f"**{len(withheld)} submission(s) have inconclusive checks** (status `inconclusive`): the grader "
            "could use fewer CPUs than those checks need, so they were not run and their points are withheld, "
            "not lost; grade those submissions again on a machine with enough CPUs.",
            "",
        ]
    if scored:  # an inconclusive column only where a check was
        extra = (" inconclusive |", "---|") if withheld else ("", "")
        lines += [f"| check | points | passed |{extra[0]}", f"|---|---|---|{extra[1]}"]
        for spec in specs:
            passed = sum(1 for r in scored for c in r.checks if c.grade_id == spec.grade_id and c.status == PASS)
            unsure = sum(1 for r in scored for c in r.checks if c.grade_id == spec.grade_id and c.inconclusive)
            lines.append(
                f"| {spec.name} | {_fmt(spec.points)} | {passed} / {len(scored)} |"
                + (f" {unsure} |" if withheld else "")
            )
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
