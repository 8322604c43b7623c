"""Whole grading runs: the command line, a changed engine, a crash halfway, a rerun."""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import crafted  # registered by conftest.py
import pytest
from build_fixture import SOLUTIONS, copy_package

from asynclab.grading import cli
from asynclab.grading.cli import grade_class
from asynclab.grading.integrity import IntegrityError
from asynclab.grading.runner import GradingConfig
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
CONFIG = dict(timeout=10, memory_mb=1500, budget=60)


def _rows(out: Path) -> dict[str, dict]:
    return {r["student"]: r for r in csv.DictReader((out / "gradebook.csv").open(encoding="utf-8"))}


def _grade(subs: Path, out: Path, tmp_path: Path, **kw):
    return grade_class(
        subs,
        out,
        lab="99",
        solutions=SOLUTIONS,
        config=GradingConfig(**CONFIG),
        progress=False,
        package_dir=kw.pop("package_dir", None) or copy_package(tmp_path),
        **kw,
    )


@pytest.mark.kernel
def test_command_line_grades_a_class(tmp_path):
    subs = tmp_path / "subs"
    crafted.write_class(subs, ["solution", "untouched"])
    out = tmp_path / "out"
    # The engine comes from a private copy (first on the path; the run's cwd is not the work tree),
    # so that colleagues editing asynclab/ meanwhile cannot trip the integrity check.
    engine = copy_package(tmp_path).parent
    env = dict(os.environ, PYTHONPATH=str(engine))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "asynclab",
            "grade",
            "--lab",
            "99",
            "--solutions",
            str(SOLUTIONS),
            str(subs),
            "--out",
            str(out),
            "--timeout",
            "20",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "mean overhead" in proc.stdout
    assert "grading" in proc.stderr  # the progress bar
    rows = _rows(out)
    assert (rows["solution"]["total"], rows["untouched"]["total"]) == ("4", "0")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--lab", "42"], "no solution for lab 42"),
        (["--lab", "99", "--out", "{subs}/results"], "overlap"),
        (["--lab", "99", "--kernel", "no-such-kernel"], "not installed"),
    ],
)
def test_command_line_refuses_unusable_input(tmp_path, capsys, argv, message):
    subs = tmp_path / "subs"
    subs.mkdir()
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    argv = [a.format(subs=subs) for a in argv]
    if "--out" not in argv:
        argv += ["--out", str(tmp_path / "out")]
    args = parser.parse_args([str(subs), "--solutions", str(SOLUTIONS), "--no-progress", *argv])
    assert cli.run(args) == 2
    assert message in capsys.readouterr().err
    assert list(subs.iterdir()) == []


@pytest.mark.kernel
def test_changed_engine_stops_grading_loudly(tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    nbtools.write(crafted.solution(), subs / "a_first.ipynb")
    hacker = crafted.insert_after(
        crafted.solution(),
        "check-square",
        "import asynclab.checks.core as c\n"
        "with open(c.__file__, 'a') as f:\n    f.write('\\n# changed by a student\\n')",
    )
    nbtools.write(hacker, subs / "b_hacker.ipynb")
    nbtools.write(crafted.solution(), subs / "c_last.ipynb")
    out = tmp_path / "out"
    with pytest.raises(IntegrityError, match="checks/core.py"):
        _grade(subs, out, tmp_path)
    rows = _rows(out)
    assert rows["a_first"]["total"] == "4"
    assert rows["b_hacker"]["status"] == "error" and "package source changed" in rows["b_hacker"]["notes"]
    assert rows["c_last"]["status"] == "pending"


def test_command_line_exit_status_after_engine_change(tmp_path, monkeypatch, capsys):
    def boom(*args, **kwargs):
        raise IntegrityError("the asynclab package source changed before check square: checks/core.py")

    monkeypatch.setattr(cli, "grade_class", boom)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    args = parser.parse_args([str(tmp_path), "--lab", "99", "--out", str(tmp_path / "o")])
    assert cli.run(args) == 3
    assert "GRADING ABORTED" in capsys.readouterr().err


@pytest.mark.kernel
def test_crash_halfway_leaves_a_consistent_folder_and_a_rerun_overwrites(tmp_path, monkeypatch):
    subs = tmp_path / "subs"
    package = copy_package(tmp_path)
    subs.mkdir()
    nbtools.write(crafted.solution(), subs / "alice.ipynb")
    (subs / "bob.ipynb").write_text("not json")
    out = tmp_path / "out"
    _grade(subs, out, tmp_path, package_dir=package)
    assert set(_rows(out)) == {"alice", "bob"} and (out / "bob" / "results.json").exists()

    # Second run: bob left, carol arrived, and the grader dies on carol.
    (subs / "bob.ipynb").unlink()
    nbtools.write(crafted.lab(), subs / "carol.ipynb")
    real = cli.grade_submission
    calls = []

    def crash_on_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(cli, "grade_submission", crash_on_second)
    with pytest.raises(KeyboardInterrupt):
        _grade(subs, out, tmp_path, package_dir=package)
    rows = _rows(out)
    assert set(rows) == {"alice", "carol"}
    assert rows["alice"]["total"] == "4" and rows["carol"]["status"] == "pending"
    assert not (out / "bob").exists() and not (out / "carol").exists()
    assert "in progress" in (out / "summary.md").read_text()
    assert not (out / "histogram.png").exists()
    assert not list(out.rglob("*.tmp")) and not list(out.rglob(".*.tmp"))
    json.loads((out / "alice" / "results.json").read_text())

    # Third run: complete, nothing stale.
    monkeypatch.setattr(cli, "grade_submission", real)
    _grade(subs, out, tmp_path, package_dir=package)
    rows = _rows(out)
    assert (rows["alice"]["total"], rows["carol"]["total"]) == ("4", "0")
    assert sorted(p.name for p in out.iterdir()) == [
        ".asynclab-grade.json",
        "alice",
        "carol",
        "gradebook.csv",
        "histogram.png",
        "summary.md",
    ]


def _grade_alone(tmp_path: Path, nb, name: str, **config):
    subs = tmp_path / name
    subs.mkdir()
    nbtools.write(nb, subs / f"{name}.ipynb")
    outcome = grade_class(
        subs,
        tmp_path / f"{name}-out",
        lab="99",
        solutions=SOLUTIONS,
        config=GradingConfig(**config),
        progress=False,
        package_dir=copy_package(tmp_path / f"{name}-engine"),
    )
    return {r.student: r for r in outcome.results}[name]


@pytest.mark.kernel
def test_time_budget_stops_a_notebook(tmp_path):
    slow = crafted.insert_after(crafted.solution(), "check-square", "import time\ntime.sleep(2.5)")
    result = _grade_alone(tmp_path, slow, "slow", timeout=10, budget=2)
    checks = {c.name: (c.status, c.message) for c in result.checks}
    assert checks["square"][0] == "pass"
    assert checks["total"] == ("not run", "not run: the notebook used up its time budget of 2 s")
    assert result.score == 2


@pytest.mark.kernel
def test_repeated_kernel_deaths_stop_a_notebook(tmp_path):
    dying = crafted.solution()
    for gid in ("ex-square", "ex-total"):
        dying = crafted.insert_after(dying, gid, "import os\nos._exit(1)")
    result = _grade_alone(tmp_path, dying, "dying", timeout=10, max_restarts=1)
    assert {c.name: c.status for c in result.checks} == {"square": "pass", "total": "not run", "pause": "not run"}
    assert any("the kernel died 2 times" in e.text for e in result.events)


@pytest.mark.kernel
def test_a_pass_that_requires_a_failed_check_scores_nothing_in_the_gradebook(tmp_path, monkeypatch):
    """The runner holds a check to what its declaration requires (lab 09's peak-bounded), on its own record."""
    from asynclab.grading import runner

    monkeypatch.setattr(runner, "_requirements", lambda specs: {"total": ("square",), "pause": ("square",)})
    wrong_square = crafted.replace(crafted.solution(), "ex-square", "def square(x):\n    return x + x")
    result = _grade_alone(tmp_path, wrong_square, "requires", **CONFIG)
    checks = {c.name: (c.status, c.score, c.message) for c in result.checks}
    assert checks["square"][:2] == ("fail", 0.0)
    assert checks["total"] == ("fail", 0.0, "this check counts only when check square passes, and it did not")
    assert checks["pause"][:2] == ("fail", 0.0)
    assert result.score == 0


@pytest.mark.kernel
def test_a_cell_added_between_a_check_and_the_one_it_requires_breaks_the_requirement(tmp_path, monkeypatch):
    """A cell the student adds after the required check may redefine what it judged: the later check fails,
    naming the cell; the solution's own cells between them (ex-total) and a cell of comments do not count."""
    from asynclab.grading import runner

    monkeypatch.setattr(runner, "_requirements", lambda specs: {"total": ("square",), "pause": ("square",)})
    nb = crafted.insert_after(crafted.solution(), "check-square", "# only a comment")
    nb = crafted.insert_after(nb, "ex-total", "def square(x):\n    return x + x")
    result = _grade_alone(tmp_path, nb, "between", **CONFIG)
    checks = {c.name: (c.status, c.score, c.message) for c in result.checks}
    assert checks["square"][:2] == ("pass", 2.0)
    added = next(i for i, c in enumerate(nb.cells) if c.source == "def square(x):\n    return x + x") + 1
    assert checks["total"][:2] == ("fail", 0.0)
    assert "counts only when check square passed on the same answer, and your cell" in checks["total"][2]
    assert "ran between the two checks: move it above check square's cell" in checks["total"][2]
    assert checks["pause"][:2] == ("fail", 0.0)
    assert f"your cell {added} ran between" in checks["total"][2]
    plain = _grade_alone(
        tmp_path, crafted.insert_after(crafted.solution(), "check-square", "# a note"), "plain", **CONFIG
    )
    assert plain.score == crafted.MAX
