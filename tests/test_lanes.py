"""`make test`'s two lanes (tools/test_lanes.py) run every test and every notebook exactly once."""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("test_lanes_tool", ROOT / "tools" / "test_lanes.py")
lanes_tool = sys.modules.setdefault(SPEC.name, importlib.util.module_from_spec(SPEC))
SPEC.loader.exec_module(lanes_tool)


def _selections(lane) -> tuple[list[str], list[str], list[str]]:
    """(marker expressions over tests/, files run whole, notebooks) of one lane's commands."""
    markers, files, notebooks = [], [], []
    for args in lane.commands:
        if "--nbval" in args:
            notebooks += [a for a in args if a.endswith(".ipynb")]
        elif "-m" in args:
            markers.append(args[args.index("-m") + 1])
        else:
            files += [a for a in args if a.startswith("tests/")]
    return markers, files, notebooks


def test_marker_selections_split_the_unit_tests():
    """For every combination of the markers, exactly one expression of one lane selects the test."""
    expressions = [e for lane in lanes_tool.lanes() for e in _selections(lane)[0]]
    assert len(expressions) >= 2
    for measured, memory, sleeps, untimed, kernel, serial in itertools.product([False, True], repeat=6):
        names = dict(measured=measured, memory=memory, sleeps=sleeps, untimed=untimed, kernel=kernel, serial=serial)
        chosen = [e for e in expressions if eval(e, {}, names)]
        assert len(chosen) == 1, f"{names}: selected by {chosen}"
        if serial:
            assert chosen[0] == _selections(lanes_tool.lanes()[0])[0][0], f"{names}: serial runs in the timing lane"


def test_each_lane_collects_the_unit_tests_once():
    """Collecting the suite costs seconds (it imports MXNet and PyTorch): one marker selection per lane."""
    for lane in lanes_tool.lanes():
        markers, files, _ = _selections(lane)
        assert len(markers) == 1 and not files, lane.commands


def test_every_notebook_is_validated_by_exactly_one_lane():
    found = sorted(str(p.relative_to(ROOT)) for d in ("notebooks", "solutions") for p in (ROOT / d).glob("*.ipynb"))
    run = [nb for lane in lanes_tool.lanes() for nb in _selections(lane)[2]]
    assert sorted(run) == found
    from asynclab import course

    side = [str(x.solution.relative_to(ROOT)) for x in course.lessons() if x.has("memory") or x.has("sleeps")]
    side += [str(x.notebook.relative_to(ROOT)) for x in course.lessons() if x.has("lesson-sleeps")]
    assert side and set(side) <= set(_selections(lanes_tool.lanes()[1])[2])
    assert "notebooks/10_distributed_sgd.ipynb" in side  # lesson 10 asserts only its workers' pace (sleeps)


def test_lanes_run_at_once_and_a_failing_lane_fails_the_run(tmp_path, capsys):
    ok = lanes_tool.Lane("first", [["--version"]])
    bad = lanes_tool.Lane("second", [["tests/no_such_test_file.py", "-q"]], nice=1)
    code = lanes_tool.run_parallel([ok, bad], tmp_path, poll_s=0.05)
    out = capsys.readouterr().out
    assert code != 0 and ok.code == 0 and bad.code not in (0, None)
    assert "lane first: passed in" in out and "lane second: FAILED (exit status" in out
    assert "lane second (nice 1)" in out and "no_such_test_file.py" in out  # the side lane's log is shown
    assert 0 < ok.seconds and 0 < bad.seconds


def test_notebooks_that_leave_course_files_in_their_temporary_folder_fail_the_lane(monkeypatch, capsys):
    """nbval's kernels get a temporary folder of their own; a file of the course's left in it fails the lane."""
    folders = []

    def fake_pytest(command, cwd, env):
        folders.append(env["TMPDIR"])
        Path(env["TMPDIR"], "asynclab-trace-1.json").write_text("{}")  # a course file left behind
        Path(env["TMPDIR"], "someone-elses.tmp").write_text("")  # not the course's: not judged
        return 0

    monkeypatch.setattr(lanes_tool.subprocess, "call", fake_pytest)
    assert lanes_tool.run_lane(lanes_tool.Lane("timing", [["--nbval", "x.ipynb"]])) == 1
    out = capsys.readouterr().out
    assert "FAILED: the notebooks left 1 file(s) of the course in their temporary folder: asynclab-trace-1.json" in out
    assert not Path(folders[0]).exists()  # the private folder is removed either way

    monkeypatch.setattr(lanes_tool.subprocess, "call", lambda command, cwd, env: folders.append(env) or 0)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    assert lanes_tool.run_lane(lanes_tool.Lane("timing", [["-m", "not measured"]])) == 0
    assert folders[-1].get("TMPDIR") == os.environ.get("TMPDIR")  # unit tests keep the machine's temporary folder
    # make test installs without .pyc files: every run of the lanes may write them
    assert "PYTHONDONTWRITEBYTECODE" not in folders[-1]
