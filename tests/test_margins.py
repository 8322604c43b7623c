"""The assert recorder of ``bench/lesson_assertions.py`` (:mod:`asynclab.tooling.margins`): logic only."""

from __future__ import annotations

import ast

import numpy as np
import pytest
from bench_scripts import loaded

from asynclab.tooling import margins


def _run(code: str, count: int = 7) -> list[dict]:
    """Run ``code`` with its asserts rewritten; the records it added."""
    before = len(margins.records())
    tree = ast.fix_missing_locations(margins.Rewriter(count).visit(ast.parse(code)))
    exec(compile(tree, "<cell>", "exec"), {"_asynclab_margins": margins._Recorder()})
    return margins.records()[before:]


def test_margin_is_the_factor_by_which_a_comparison_holds():
    assert margins.margin(1.0, "<=", 1.5) == pytest.approx(1.5)
    assert margins.margin(3.0, ">", 2.0) == pytest.approx(1.5)
    assert margins.margin(np.float64(2.0), "<", np.float32(1.0)) == pytest.approx(0.5)  # fails: below 1
    assert margins.margin(0.0, "<", 1.0) is None  # no factor from zero
    assert margins.margin(True, "<", 2) is None  # a boolean is not a figure
    assert margins.margin(1.0, "==", 1.0) is None


def test_asserts_are_recorded_with_their_margins_and_still_judge():
    records = _run("a, b = 2.0, 3.0\nassert a < b, 'x'\nassert 1 <= a <= 1.6 * b\nassert all(v > 0 for v in (a, b))\n")
    assert [(r["line"], r["pair"], r["held"]) for r in records] == [
        (2, 0, True),
        (3, 0, True),
        (3, 1, True),
        (4, 0, True),
    ]
    assert records[0]["margin"] == pytest.approx(1.5) and records[0]["count"] == 7
    assert records[2]["margin"] == pytest.approx(2.4)
    assert records[3]["margin"] is None and records[3]["test"] == "all((v > 0 for v in (a, b)))"


def test_a_failing_assert_is_recorded_and_raises_its_own_message():
    with pytest.raises(AssertionError, match="the peak should grow"):
        _run("for k in (1, 2):\n    assert 10.0 >= 6.0 * k, 'the peak should grow'\n")
    records = margins.records()[-3:]
    assert [r["held"] for r in records][-2:] == [True, False]
    assert records[-1]["margin"] == pytest.approx(10 / 12)


@pytest.fixture(scope="module")
def bench():
    with loaded("lesson_assertions") as module:
        yield module


def test_the_report_gives_each_assertion_its_worst_margin_per_condition(bench):
    found: dict = {}
    cells = {2: 5, 3: 9}
    run = [
        {"count": 2, "line": 1, "test": "a < 2 * b", "pair": 0, "held": True, "margin": 3.0},
        {"count": 2, "line": 1, "test": "a < 2 * b", "pair": 0, "held": True, "margin": 1.2},  # in a loop
        {"count": 3, "line": 4, "test": "x == y", "pair": 0, "held": True, "margin": None},
    ]
    bench.collect(found, run, cells, "quiet")
    bench.collect(found, [dict(r, margin=2.0) if r["margin"] else r for r in run], cells, "loaded")
    text = bench.section("04", "Memory", found, {"quiet": [40.0], "loaded": [50.0]})
    assert "| 5 | `a < 2 * b` | margin | 1.20 / 1.20 | 2.00 / 2.00 | 2/2 |" in text
    assert "| 9 | `x == y` | exact | - | - | 2/2 |" in text


def test_bad_arguments_get_one_sentence_and_exit_2(bench, capsys):
    assert bench.main(["--lesson", "99", "--runs", "1"]) == 2
    assert "no lesson 99" in capsys.readouterr().err
    assert bench.main(["--runs", "0"]) == 2
