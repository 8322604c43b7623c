"""bench/notebook_times.py's bookkeeping: which notebooks it runs, and bad arguments (nothing is run)."""

from __future__ import annotations

import pytest
from bench_scripts import loaded

from asynclab import course


@pytest.fixture(scope="module")
def bench():
    with loaded("notebook_times") as module:
        yield module


def test_every_lesson_and_every_solution_is_timed_in_lesson_order(bench):
    found = bench.notebooks(course.lessons())
    names = [p.name for p in found]
    assert names[:3] == ["01_async_dispatch.ipynb", "01_async_dispatch_lab.ipynb", "02_sync_points.ipynb"]
    assert sum(p.parent.name == "solutions" for p in found) == sum(x.solution.exists() for x in course.lessons())


def test_bad_arguments_get_one_sentence_and_exit_2(bench, capsys):
    assert bench.main(["--lesson", "99"]) == 2
    assert "no lesson 99" in capsys.readouterr().err
    assert bench.main(["--runs", "0"]) == 2
    assert "--runs must be at least 1" in capsys.readouterr().err
