"""The robustness bench's bookkeeping: report sections, verdicts, exit status.

The bench itself runs for many minutes and is not part of ``make test``; these
tests cover the parts that decide what it reports, so that a flake or a
wrong answer that scores too much cannot be reported as fine.
"""

from __future__ import annotations

import psutil
import pytest
from bench_scripts import loaded


@pytest.fixture(scope="module")
def bench():
    with loaded("checks_robustness") as module:
        yield module


def _stats(bench, name, threshold, passes, runs, margins, values, failures=()):
    s = bench.CheckStats(name, threshold, passes, runs, list(margins), list(values), list(failures))
    return s


def test_update_report_keeps_other_labs_and_replaces_its_own(bench, tmp_path):
    report = tmp_path / "r.md"
    bench.update_report(report, "04", "<!-- lab:04 start -->\nfour v1\n<!-- lab:04 end -->")
    bench.update_report(report, "01", "<!-- lab:01 start -->\none\n<!-- lab:01 end -->")
    bench.update_report(report, "04", "<!-- lab:04 start -->\nfour v2\n<!-- lab:04 end -->")
    text = report.read_text()
    assert text.startswith("# Robustness of the autograded checks")
    assert "four v1" not in text and "four v2" in text and "\none\n" in text
    assert text.index("lab:01 start") < text.index("lab:04 start")
    assert not list(tmp_path.glob("*.tmp"))


def test_section_lists_flakes_and_wrong_answers_scored_wrongly(bench):
    stats = {
        "quiet": {
            "a": _stats(bench, "a", ">= 2x", 9, 10, [3.0] * 9 + [0.8], [6.0] * 9 + [1.6], ["run 9: failed: too slow"]),
            "exact": _stats(bench, "exact", "3/3", 10, 10, [], []),
        },
    }
    answers = [
        bench.AnswerOutcome("m-ok", "caught", {"a": 0, "exact": 1}, {"a": 0, "exact": 1}, ["a"], False),
        bench.AnswerOutcome("m-bad", "slips through", {"a": 0, "exact": 1}, {"a": 2, "exact": 1}, [], True),
        bench.AnswerOutcome(
            "ok-right", "a right answer", {"a": 2, "exact": 1}, {"a": 2, "exact": 1}, [], True, expects_full=True
        ),
    ]
    text = bench.section("01", "Lab 01", 10, stats, answers, 60.0, "p.png")
    assert "| a | >= 2x | quiet | 9/10 | 6 | 1.6 | 0.8 |" in text
    assert "| exact | 3/3 | quiet | 10/10 | exact (no figure) |" in text
    assert "Flakes: 1." in text and "run 9: failed: too slow" in text
    assert "| m-ok | caught | 1 | a | yes |" in text
    assert "| m-bad | slips through | 3 | **nothing** | **no** (expected" in text
    assert "| ok-right | a right answer | 3 | nothing (a right answer) | yes |" in text
    skipped = bench.section("01", "Lab 01", 10, stats, None, 60.0, "p.png")
    assert "not graded by the grader in this run (`--no-answers`)" in skipped and "| answer |" not in skipped


def test_answer_as_expected_compares_every_check(bench):
    m = bench.AnswerOutcome("m", "", {"a": 0, "b": 1}, {"a": 0, "b": 0}, ["a", "b"], False)
    assert not m.as_expected
    m.got["b"] = 1
    assert m.as_expected


def test_decisive_value_reads_the_overlap_of_lab05(bench):
    assert bench._decisive_value({"figures": {"overlap": 0.98, "rounds": 3}}) == 0.98
    assert bench._decisive_value({"figures": {"ratio": 12.0, "overlap": 0.5}}) == 12.0
    assert bench._decisive_value({"figures": {}}) is None


def test_decisive_value_reads_the_k_share_of_lab04(bench):
    figures = {"k_share": 0.09, "each_median_mb": 25.4, "small_median_mb": 29.6, "large_median_mb": 71.8}
    assert bench._decisive_value({"figures": figures}) == 0.09
    assert bench._decisive_value({"figures": dict(figures, k_share=None)}) is None


def test_busy_core_starts_and_stops_its_process(bench):
    with bench.busy_core(True) as hogs:
        (hog,) = hogs
        proc = psutil.Process(hog.pid)
        assert proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE
    assert hog.poll() is not None
    with bench.busy_core(False) as nothing:
        assert nothing == []


@pytest.mark.parametrize("argv", [["--runs", "0"], ["--conditions", "noisy"], ["--conditions", ","]])
def test_bad_arguments_exit_2(bench, argv, capsys):
    assert bench.main(argv) == 2
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize(
    "margins",
    [
        [1.03, 1.07, 1.12, 1.16, 1.18],  # a narrow range: a log axis's own labels read "1.1 x 10^0" and meet
        [1.18, 1.3, 1.5, 1.8, 1.95, 2.0],
        [1.05, 2.5, 12.6, 32.1],  # a wide one
    ],
)
def test_the_margins_figure_labels_its_axis_with_plain_numbers_that_never_meet(bench, margins):
    import matplotlib.pyplot as plt

    from asynclab.foundation.figures import layout_problems

    stats = {
        condition: {
            "a-check": _stats(bench, "a-check", "t", 5, 5, margins, []),
            "an-exact-check": _stats(bench, "an-exact-check", "exact", 5, 5, [], []),
        }
        for condition in ("quiet", "loaded")
    }
    fig = bench.margin_figure("03", stats)
    try:
        assert layout_problems(fig) == []
        labels = [t.get_text() for t in fig.axes[0].get_xticklabels() if t.get_text()]
        assert "1" in labels and not any("times" in x or "^" in x for x in labels)
        notes = [t.get_text() for t in fig.axes[0].texts]
        assert notes == ["exact (no figure): passed 10 of 10 runs"]  # the exact check's row says why it is empty
    finally:
        plt.close(fig)


@pytest.mark.parametrize("low, high", [(0.9, 1.25), (0.95, 2.1), (0.45, 1.6), (0.8, 40.0)])
def test_margin_ticks_keep_one_and_space_the_rest(bench, low, high):
    ticks = bench.margin_ticks(low, high)
    assert 1.0 in ticks and len(ticks) >= 3 and all(low <= t <= high for t in ticks)
    assert all(b / a >= (high / low) ** (1 / 7) for a, b in zip(ticks, ticks[1:]))
