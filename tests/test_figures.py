"""layout_problems: figures made to break each layout rule, and figures that break none.

Logic only (Agg, no kernel). The kernel test at the end runs a two-cell notebook through nbval's
path (a course kernel with ASYNCLAB_CHECK_FIGURES=1) and sees the bad figure's cell fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from asynclab.foundation import plots  # noqa: E402
from asynclab.foundation.figures import FigureLayoutError, check_figures, layout_problems  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_a_plain_figure_has_no_problems():
    fig, ax = plt.subplots(figsize=(6.4, 4))
    ax.plot([1, 2, 3], [1, 4, 9], "o-", label="squares")
    ax.plot([1, 2, 3], [1, 2, 3], "o-", label="identity")
    ax.set_xlabel("N")
    ax.set_ylabel("ms")
    ax.set_title("two series")
    ax.legend(loc="upper left")
    assert layout_problems(fig) == []


def test_course_bar_chart_with_spread_has_no_problems():
    ax = plots.bar_compare(
        {"enqueue": 0.2, "finish": 12.0}, unit="ms", spread={"enqueue": (0.1, 0.3), "finish": (10.0, 14.0)}
    )
    assert layout_problems(ax.figure) == []


def test_overlapping_texts():
    fig, ax = plt.subplots()
    ax.text(0.5, 0.5, "first label here", transform=ax.transAxes)
    ax.text(0.52, 0.5, "second label here", transform=ax.transAxes)
    problems = layout_problems(fig)
    assert any("overlap" in p and "first label here" in p for p in problems)


def test_crowded_tick_labels_overlap():
    fig, ax = plt.subplots(figsize=(3, 2))
    names = [f"a rather long category name {i}" for i in range(6)]
    ax.bar(names, range(6))
    assert any("overlap" in p for p in layout_problems(fig))


def test_legend_covering_a_text():
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1], label="a series with a long name")
    ax.text(0.02, 0.95, "note", transform=ax.transAxes, va="top")
    ax.legend(loc="upper left")
    assert any("legend covers" in p for p in layout_problems(fig))


def test_label_cut_by_the_figure():
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_xlabel("updates applied between reading the weights and pushing the gradient")
    assert any("is cut" in p for p in layout_problems(fig))


def test_legend_outside_the_figure_is_cut():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0, 1], [0, 1], label="series")
    ax.legend(loc="center left", bbox_to_anchor=(1.3, 0.5))
    assert any("the legend is cut" in p for p in layout_problems(fig))


def test_text_clipped_by_its_axes():
    fig, ax = plt.subplots()
    ax.set_xlim(0, 1)
    ax.text(0.98, 0.5, "a label that runs past the edge", clip_on=True)
    assert any("cut by the edge of its axes" in p for p in layout_problems(fig))


def test_bars_on_a_log_axis():
    fig, ax = plt.subplots()
    ax.barh(["tiny", "large"], [1e-5, 1.0])
    ax.set_xscale("log")
    assert any("log-scaled x axis" in p for p in layout_problems(fig))
    fig, ax = plt.subplots()
    ax.bar(["tiny", "large"], [1e-5, 1.0])
    ax.set_yscale("log")
    assert any("log-scaled y axis" in p for p in layout_problems(fig))


def test_a_bar_past_its_axis_limit_is_cut():
    # two panels sharing an axis: the second panel's limit, made for smaller bars, cuts the first's
    fig, axes = plt.subplots(1, 2, sharex=True)
    plots.bar_compare({"small": 7.0, "large": 79.0}, unit="ms", ax=axes[0])
    plots.bar_compare({"small": 7.0, "middling": 56.5}, unit="ms", ax=axes[1])
    problems = layout_problems(fig)
    assert any("the bar 'large' is cut" in p for p in problems), problems
    assert not any("'small' is cut" in p or "'middling' is cut" in p for p in problems), problems
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1.0, 3.0])
    ax.set_ylim(0, 2)
    assert any("the bar 'b' is cut" in p for p in layout_problems(fig))
    # a timeline's window shows part of its spans on purpose
    fig, ax = plt.subplots()
    plots.timeline([("front end", "issue", 0.0, 0.004), ("worker", "dot", 0.001, 0.010)], window=(0, 2), ax=ax)
    assert not any("is cut" in p for p in layout_problems(fig)), layout_problems(fig)


def test_lines_on_a_log_axis_are_fine():
    fig, ax = plt.subplots()
    ax.plot([1, 10, 100], [1, 2, 3], "o-")
    ax.set_xscale("log")
    assert layout_problems(fig) == []


def test_hidden_series():
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "o-", label="wall")
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "o-", label="front end")
    ax.legend()
    problems = layout_problems(fig)
    assert any("'wall' is hidden behind 'front end'" in p for p in problems)


def test_hollow_markers_over_a_line_hide_nothing():
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "--", label="model")
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "o", fillstyle="none", markersize=9, label="measured")
    ax.legend()
    assert not any("hidden" in p for p in layout_problems(fig))


def test_a_thinner_line_over_markers_hides_them_not():
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "o-", label="measured")
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "-", label="model")
    ax.legend()
    assert not any("hidden" in p for p in layout_problems(fig))
    ax.plot([1, 2, 3], [8.1, 8.6, 8.5], "o-", label="same again")
    assert any("'model' is hidden behind 'same again'" in p for p in layout_problems(fig))


def test_close_but_distinct_series_are_not_hidden():
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [1, 2, 3], label="a")
    ax.plot([1, 2, 3], [1, 2.5, 3], label="b")
    ax.legend()
    assert not any("hidden" in p for p in layout_problems(fig))


def test_a_whisker_whose_quartiles_meet_hides_no_series():
    """Five equal rounds: the whisker's two caps lie on each other (as lesson 08's enqueue times did in a
    fresh-clone make test), which is no series hidden behind another."""
    ax = plots.bar_compare({"a": 0.02, "b": 1.5}, unit="ms", spread={"a": (0.02, 0.02), "b": (1.5, 1.5)})
    assert not any("hidden" in p for p in layout_problems(ax.figure))


def test_value_label_on_a_whisker():
    fig, ax = plt.subplots()
    bars = ax.barh(["x"], [10.0], xerr=[[2.0], [4.0]], capsize=3)
    ax.annotate(" 10 ms", (bars[0].get_width(), 0), va="center")
    ax.set_xlim(0, 30)
    assert any("sits on a whisker" in p for p in layout_problems(fig))


def test_hidden_texts_and_empty_texts_are_ignored():
    fig, ax = plt.subplots()
    ax.text(0.5, 0.5, "one", transform=ax.transAxes)
    hidden = ax.text(0.5, 0.5, "two", transform=ax.transAxes)
    hidden.set_visible(False)
    ax.annotate("", xy=(0.5, 0.5), xytext=(0.1, 0.1), arrowprops={"arrowstyle": "->"})
    assert layout_problems(fig) == []


def test_check_figures_names_every_problem():
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1e-5, 1.0])
    ax.set_yscale("log")
    with pytest.raises(FigureLayoutError, match="log-scaled y axis"):
        check_figures([fig])
    ok, ax = plt.subplots()
    check_figures([ok])


BAD_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "good",
            "metadata": {},
            "outputs": [],
            "source": "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nline = ax.plot([1, 2], [1, 2])",
        },
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "bad",
            "metadata": {},
            "outputs": [],
            "source": "fig, ax = plt.subplots()\nbars = ax.bar(['a', 'b'], [1e-5, 1.0])\nax.set_yscale('log')",
        },
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "shown",
            "metadata": {},
            "outputs": [],
            "source": "fig, ax = plt.subplots(figsize=(3, 2))\nlabel = ax.set_xlabel('seconds ' * 20)\nplt.show()",
        },
    ],
    "metadata": {"kernelspec": {"name": "asynclab", "display_name": "Python 3 (asynclab)", "language": "python"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


@pytest.mark.kernel
def test_nbval_fails_the_cell_that_draws_a_bad_figure(tmp_path):
    import json

    notebook = tmp_path / "bad_figure.ipynb"
    notebook.write_text(json.dumps(BAD_NOTEBOOK), encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-p", "asynclab.tooling.kernel", "--nbval-lax", str(notebook)]
    command += ["-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path)]
    env = {**os.environ, "ASYNCLAB_CHECK_FIGURES": "1"}
    checked = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert checked.returncode != 0, checked.stdout
    assert "2 failed, 1 passed" in checked.stdout, checked.stdout
    assert "FigureLayoutError" in checked.stdout and "log-scaled y axis" in checked.stdout, checked.stdout
    assert "is cut" in checked.stdout, checked.stdout  # the figure plt.show() showed during the cell
    env.pop("ASYNCLAB_CHECK_FIGURES")
    unchecked = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert unchecked.returncode == 0, unchecked.stdout


def test_the_unchecked_notebooks_exist_and_get_the_check_turned_off(monkeypatch):
    from asynclab.tooling import kernel

    for name in kernel.FIGURES_UNCHECKED:
        assert (ROOT / name).is_file(), name

    class Item:
        def __init__(self, path):
            self.path = path

    monkeypatch.setattr(kernel, "_STARTED_WITH", "1")
    monkeypatch.setenv(kernel.CHECK_FIGURES, "1")
    monkeypatch.setattr(kernel, "FIGURES_UNCHECKED", ("notebooks/06_automatic_parallelism.ipynb",))
    kernel.pytest_runtest_setup(Item(ROOT / kernel.FIGURES_UNCHECKED[0]))
    assert os.environ[kernel.CHECK_FIGURES] == "0"
    kernel.pytest_runtest_setup(Item(ROOT / "notebooks" / "01_async_dispatch.ipynb"))
    assert os.environ[kernel.CHECK_FIGURES] == "1"
    kernel.pytest_runtest_setup(Item(ROOT / "tests" / "test_figures.py"))
    assert os.environ[kernel.CHECK_FIGURES] == "1"


def test_labels_of_hidden_axes_and_shared_tick_labels_are_ignored():
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, layout="constrained")
    top.plot([0, 1], [0, 1])
    bottom.plot([0, 1], [1, 0])
    top.set_xlabel("a label nobody sees")
    top.xaxis.set_visible(False)
    graph = fig.add_axes((0.4, 0.4, 0.2, 0.2))
    graph.set_xlabel("hidden with its axes")
    graph.axis("off")
    assert layout_problems(fig) == []


def test_bar_panels_split_orders_of_magnitude_onto_linear_axes():
    values = {"enqueue": 0.0044, "call": 1.6, "finish": 158.0, "naive enqueue": 157.0}
    spread = {k: (0.9 * v, 1.1 * v) for k, v in values.items()}
    panels = plots.bar_panels(values, unit="ms", spread=spread, title="one product")
    assert len(panels) == 3
    assert all(ax.get_xscale() == "linear" for ax in panels)
    assert [[t.get_text() for t in ax.get_yticklabels()] for ax in panels] == [
        ["enqueue"],
        ["call"],
        ["finish", "naive enqueue"],
    ]
    assert layout_problems(panels[0].figure) == []
    single = plots.bar_panels({"a": 1.0, "b": 2.0}, unit="ms")
    assert len(single) == 1


def _fake_run(kind: str, losses: list[list[float]], offsets: list[float]):
    from types import SimpleNamespace

    workers = []
    for rank, (ys, offset) in enumerate(zip(losses, offsets)):
        reads = [0.04 * step + offset for step in range(len(ys))]
        workers.append(
            SimpleNamespace(
                rank=rank,
                losses=ys,
                reads=reads,
                pushes=[r + 0.03 for r in reads],
                steps=list(range(len(ys))),
                end=reads[-1] + 0.04,
            )
        )
    return SimpleNamespace(kind=kind, workers=workers, start=0.0)


def test_lesson_10_draws_the_synchronous_workers_identical_losses_once():
    from asynclab.lessons.l10_distributed_sgd import distributed

    curve = [30.0 * 0.9**s for s in range(60)]
    sync = _fake_run("dist_sync", [curve, curve], [0.0, 0.001])
    faster = [30.0 * 0.85**s for s in range(60)]
    asynchronous = _fake_run("dist_async", [faster, [2 * y for y in faster]], [0.0, 0.02])
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4), layout="constrained")
    distributed.plot_loss({"sync": sync, "async": asynchronous}, x="time", ax=left)
    distributed.plot_loss({"sync": sync, "async": asynchronous}, x="gradients", ax=right)
    labels = [line.get_label() for line in left.get_lines()]
    assert labels == ["sync, workers 0, 1 (one line: the same weights)", "async, worker 0", "async, worker 1"]
    assert layout_problems(fig) == []


def test_lesson_10_shows_both_runs_when_they_follow_each_other_point_for_point():
    """With equal workers an asynchronous run can read the very losses of the synchronous one (a make test
    run saw it): the later run is drawn thinner, so neither hides the other."""
    from asynclab.lessons.l10_distributed_sgd import distributed

    curve = [30.0 * 0.9**s for s in range(60)]
    sync = _fake_run("dist_sync", [curve, curve], [0.0, 0.0])
    asynchronous = _fake_run("dist_async", [curve, curve], [0.0, 0.0])
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4), layout="constrained")
    distributed.plot_loss({"sync": sync, "async": asynchronous}, x="time", ax=left)
    distributed.plot_loss({"sync": sync, "async": asynchronous}, x="gradients", ax=right)
    widths = [line.get_linewidth() for line in left.get_lines()]
    assert widths[0] > widths[-1]
    assert layout_problems(fig) == []


def test_lesson_10_shows_two_workers_of_one_run_that_part_only_late():
    """Two asynchronous workers whose losses part by a little more than the merge's 0.1% late in training
    are two lines that lie within a pixel of each other: the second is drawn thinner."""
    from asynclab.lessons.l10_distributed_sgd import distributed

    curve = [30.0 * 0.9**s for s in range(60)]
    parted = curve[:40] + [y * 1.004 for y in curve[40:]]
    asynchronous = _fake_run("dist_async", [curve, parted], [0.0, 0.0])
    fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
    distributed.plot_loss({"async": asynchronous}, x="time", ax=ax)
    assert len(ax.get_lines()) == 2
    assert layout_problems(fig) == []


def test_lesson_10_staleness_growth_shows_median_and_90th_percentile_where_they_meet():
    from types import SimpleNamespace

    from asynclab.lessons.l10_distributed_sgd import distributed

    runs = [
        SimpleNamespace(workers=n, staleness=np.full(200, n - 1.0), staleness_quantile=lambda q, n=n: n - 1.0)
        for n in (2, 4, 8, 16)
    ]
    ax = distributed.plot_staleness_growth(runs)
    assert [line.get_label() for line in ax.get_lines()][:2] == ["median", "90th percentile"]
    assert layout_problems(ax.figure) == []


def test_queue_and_xy_plots_show_series_that_lie_on_one_another():
    """A run with no queue draws its computed line on its issued one; two xy series can be equal (a run
    that ends on a wait has the same wall and front-end time), with or without a style of their own."""

    class Run:
        issued = [0.05 * i for i in range(1, 40)]
        done = issued

    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(15, 4), layout="constrained")
    plots.queue_over_time({"sync": Run()}, ax=left)
    same = [1.0, 2.0, 3.0, 4.0]
    plots.xy([1, 2, 4, 8], {"wall": same, "front end": same}, xlabel="k", ylabel="s", ax=middle)
    plots.xy(
        [1, 2, 4, 8],
        {"bound": same, "measured": same},
        xlabel="k",
        ylabel="MB",
        ax=right,
        styles={"bound": {"linestyle": "--"}, "measured": {"linestyle": "-"}},
    )
    assert layout_problems(fig) == []
