"""bench/head_start_rule.py: lab 06's rule, and its refusal of bad arguments (nothing is measured here)."""

from __future__ import annotations

import pytest
from bench_scripts import loaded


def test_the_rule_is_the_steps_answer_at_and_around_the_workspaces():
    with loaded("head_start_rule") as bench:
        assert [bench.rule(reps, 9) for reps in (4, 8, 9, 10, 15)] == [0, 0, 1, 2, 7]


@pytest.mark.parametrize("argv", [["--trials", "0"], ["--copies", "0"]])
def test_bad_arguments_get_one_sentence_and_status_2(argv, capsys):
    with loaded("head_start_rule") as bench, pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2
    assert "--trials and --copies must be at least 1" in capsys.readouterr().err
