"""Grade a whole crafted class of the fixture lab once, then check every row.

Each crafted submission (``tests/fixtures/grading/crafted.py``) is one
student: invariants (solution, untouched lab, wrong answers), restored check
cells, pasted and forged results, monkeypatches and hooks, bad files,
crashes and limits. One grading pass keeps the suite short.
"""

from __future__ import annotations

import csv
import json

import crafted  # registered by conftest.py
import nbformat
import pytest
from build_fixture import SOLUTIONS, copy_package

from asynclab.checks import MIME_TYPE
from asynclab.grading.cli import grade_class
from asynclab.grading.integrity import tree_digest
from asynclab.grading.runner import GradingConfig

TIMEOUT = 5  # seconds per cell: the longest cell of a right answer takes well under one
# Every submission but the memory bomb peaks under 70 MB of resident memory. The bomb has to fill
# the limit before the cell's timeout: page-faulting 1 GB took 0.2-2.2 s on a quiet 2-core VM,
# and over 3 s once in CI, where it timed out instead; about 250 MB takes a quarter of that.
MEMORY_MB = 300

pytestmark = pytest.mark.kernel  # one grading run of the whole crafted class, in kernels


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("class")
    subs = base / "submissions"
    cases = crafted.write_class(subs)
    before = tree_digest(subs)
    out = base / "results"
    config = GradingConfig(timeout=TIMEOUT, memory_mb=MEMORY_MB, budget=120)
    outcome = grade_class(
        subs, out, lab="99", solutions=SOLUTIONS, config=config, progress=False, package_dir=copy_package(base)
    )
    rows = {row["student"]: row for row in csv.DictReader((out / "gradebook.csv").open(encoding="utf-8"))}
    return {
        "cases": cases,
        "outcome": outcome,
        "rows": rows,
        "out": out,
        "subs": subs,
        "before": before,
        "results": {r.student: r for r in outcome.results},
    }


@pytest.mark.parametrize("student", sorted(crafted.CASES))
def test_crafted_submission_scores_what_it_should(graded, student):
    case = graded["cases"][student]
    row = graded["rows"][student]
    result = graded["results"][student]
    detail = f"{student}: {row}\nevents: {[e.line() for e in result.events]}\nflags: {result.flags}"
    assert float(row["total"]) == case.score, detail
    assert row["status"] == case.status, detail
    for name, status in case.checks.items():
        assert {c.name: c.status for c in result.checks}[name] == status, detail
    for text in case.notes:
        assert text in row["notes"], detail
    for text in case.restored:
        assert any(text in line for line in result.restored), detail
    events = " | ".join(e.line() for e in result.events)
    for text in case.events:
        assert text in events, detail
    for text in case.flags:
        assert any(text in flag for flag in result.flags), detail


def test_submissions_folder_is_never_written(graded):
    assert tree_digest(graded["subs"]) == graded["before"]
    assert not graded["outcome"].submissions_changed


def test_results_folder_has_every_file(graded):
    out = graded["out"]
    for name in ("gradebook.csv", "summary.md", "histogram.png"):
        assert (out / name).is_file()
    for student in graded["cases"]:
        data = json.loads((out / student / "results.json").read_text(encoding="utf-8"))
        assert data["score"] == graded["cases"][student].score
        assert all({"name", "score", "max_score", "output"} <= set(t) for t in data["tests"])
        assert (out / student / "feedback.md").read_text(encoding="utf-8").startswith("# Lab 99")
    assert not list(out.rglob("*.tmp"))
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "in progress" not in summary and "| solution | ok | 4 / 4 |" in summary


def test_feedback_explains_what_happened(graded):
    out = graded["out"]
    assert "check-total: deleted" in (out / "deleted_check" / "feedback.md").read_text()
    assert "timeout" in (out / "infinite_loop" / "feedback.md").read_text()
    assert "memory limit" in (out / "memory_bomb" / "feedback.md").read_text()
    assert "not valid JSON" in (out / "not_json" / "feedback.md").read_text()
    assert "kernel death" in (out / "segfault" / "feedback.md").read_text()


def test_graded_notebook_holds_the_runs_own_results(graded):
    nb = nbformat.read(graded["out"] / "pasted_pass" / "graded.ipynb", as_version=4)
    payloads = [
        o["data"][MIME_TYPE]
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if MIME_TYPE in o.get("data", {})
    ]
    assert len(payloads) == 3 and not any(p["passed"] for p in payloads)
    assert all(p["token"] for p in payloads)


def test_flooding_output_is_cut(graded):
    nb = nbformat.read(graded["out"] / "floods_output" / "graded.ipynb", as_version=4)
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    assert "the rest of its output was dropped" in text and len(text) < 3_000_000


def test_overhead_is_reported(graded):
    text = graded["outcome"].overhead_report()
    assert "mean overhead" in text and "solution" in text
    solution = graded["results"]["solution"].timings
    assert solution.kernel_start > 0 and solution.guards > 0 and solution.cells > 0


def test_known_limitation_is_flagged_for_review(graded):
    """Code the student wrote runs inside a check and can forge that check's result.

    The grader cannot stop this (see docs/instructors.md); the scan flags it for
    the instructor. If a future change stops it, update the expected score.
    """
    row = graded["rows"][crafted.LIMITATION_CASE]
    assert "review:" in row["notes"] and "grader's token" in row["notes"]


@pytest.mark.parametrize("student", crafted.NAIVE_ATTACKS)
def test_attack_fools_a_naive_run(graded, student, tmp_path):
    """Control: without the guard, each attack makes at least one failing check publish a pass."""
    from nbclient import NotebookClient

    nb = nbformat.read(graded["subs"] / f"{student}.ipynb", as_version=4)
    NotebookClient(
        nb, timeout=30, kernel_name="asynclab", allow_errors=True, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    passed = [
        o["data"][MIME_TYPE]["name"]
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if MIME_TYPE in o.get("data", {}) and o["data"][MIME_TYPE]["passed"]
    ]
    assert passed, f"{student} did not fool a naive run"
    assert graded["rows"][student]["total"] != "4"
