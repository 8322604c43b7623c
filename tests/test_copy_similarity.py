"""bench/copy_similarity.py: its copies of course code, its verdicts and bad arguments (nothing is run or timed)."""

from __future__ import annotations

import ast

import pytest
from bench_scripts import loaded

from asynclab.grading import copies


@pytest.fixture(scope="module")
def bench():
    with loaded("copy_similarity") as module:
        yield module


def _function(dotted: str) -> tuple[ast.FunctionDef, dict[str, str]]:
    index = copies.course_corpus().index
    module_name, _, name = dotted.rpartition(".")
    module = index.modules[module_name]
    return next(n for n in module.tree.body if getattr(n, "name", "") == name), module.imports


def test_every_way_of_copying_a_course_function_reaches_the_threshold(bench):
    function, imports = _function("asynclab.foundation.timing.fit_line")
    made = bench.copies_of(function)
    assert set(made) == set(bench.WAYS)
    local_names = bench._bound(function) - {function.name}
    assert local_names, "fit_line binds names of its own"
    for way in ("renamed", "reversed", "wrapped"):
        names = {n.id for n in ast.walk(made[way]) if isinstance(n, ast.Name)}
        names |= {n.arg for n in ast.walk(made[way]) if isinstance(n, ast.arg)}
        assert not names & local_names, (way, names & local_names)
    assert ast.dump(made["reversed"].body[0].body[-1]) == ast.dump(made["renamed"].body[0].body[0])
    corpus = copies.course_corpus()
    for way, tree in made.items():
        score, where = corpus.best(copies.fingerprints([tree], imports, corpus.index.canonical))
        assert score >= copies.THRESHOLD and where, (way, score, where)


def test_a_right_answer_at_the_threshold_and_a_missed_copy_fail_the_report(bench):
    right = bench.Judged("03", "ok-x", "c", True, False, copies.THRESHOLD, "asynclab.m.f", "")
    wrong = bench.Judged("03", "pasted", "c", False, False, 1.0, "asynclab.m.f", copies.RETYPED)
    exempt = bench.Judged("03", "ok-y", "d", True, True, 1.0, "asynclab.m.g", "")
    text, failures = bench.report([right, wrong, exempt], [bench.Copied("asynclab.m.f", "wrapped", 0.5)], ["03"], 1.0)
    assert failures == 2
    assert "False positives: 1 of 1 right pairs" in text
    assert "taken for a copy: lab 03 `ok-x`" in text and "missed: asynclab.m.f wrapped" in text
    quiet, none = bench.report([wrong], [bench.Copied("asynclab.m.f", "pasted", 1.0)], ["03"], 1.0)
    assert none == 0 and "No right pairs." in quiet


def test_bad_arguments_get_one_sentence_and_exit_2(bench, capsys):
    assert bench.main(["--lab", "99"]) == 2
    assert "no lab 99" in capsys.readouterr().err
