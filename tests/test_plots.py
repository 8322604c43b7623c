"""plots: bar comparisons draw the spread they are given, and refuse spread they are not; queue plots."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.container import ErrorbarContainer  # noqa: E402

from asynclab.foundation import plots  # noqa: E402


def test_bar_compare_draws_iqr_whiskers_when_given_quartiles():
    ax = plots.bar_compare({"a": 2.0, "b": 3.0}, spread={"a": (1.5, 2.5), "b": (2.0, 4.0)})
    assert any(isinstance(c, ErrorbarContainer) for c in ax.containers)
    plain = plots.bar_compare({"a": 2.0, "b": 3.0})
    assert not any(isinstance(c, ErrorbarContainer) for c in plain.containers)


def test_bar_compare_says_which_label_has_no_quartiles():
    with pytest.raises(ValueError, match="'b'"):
        plots.bar_compare({"a": 2.0, "b": 3.0}, spread={"a": (1.5, 2.5)})


class _Run:
    def __init__(self, issued, done):
        self.issued, self.done = issued, done


def test_queue_over_time_draws_issued_and_computed_per_run():
    ax = plots.queue_over_time({"a": _Run((0.0, 0.1), (0.2, 0.3)), "b": _Run((0.0,), (0.1,))})
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels == ["a: issued", "a: computed", "b: issued", "b: computed"]
    assert ax.get_lines()[0].get_color() == ax.get_lines()[1].get_color()


def test_queue_over_time_names_a_run_that_was_not_tracked():
    with pytest.raises(ValueError, match="'b' was not tracked"):
        plots.queue_over_time({"a": _Run((0.0,), (0.1,)), "b": _Run((), ())})


def test_stacked_bars_stack_parts_in_order_and_refuse_rows_that_differ():
    ax = plots.stacked_bars({"a": {"t1": 1.0, "t2": 2.0}, "b": {"t1": 3.0, "t2": 1.0}})
    assert [c.get_label() for c in ax.containers] == ["t1", "t2"]
    assert [p.get_x() for p in ax.containers[1].patches] == [1.0, 3.0]
    with pytest.raises(ValueError, match="row 'b' has the parts"):
        plots.stacked_bars({"a": {"t1": 1.0, "t2": 2.0}, "b": {"t2": 1.0, "t1": 3.0}})


def _shown_labels(ax):
    from asynclab.foundation.figures import layout_problems

    assert layout_problems(ax.figure) == []  # draws the figure: each label judges whether it fits
    return [t.get_text() for t in ax.texts if t.get_visible()]


def test_timeline_labels_only_the_bars_they_fit_and_names_every_colour_beside():
    spans = [("front end", "a long call name", 0.0, 0.0002), ("front end", "wait", 0.0003, 0.010)]
    spans += [("worker 1", "dot", 0.001, 0.006), ("worker 1", "relu", 0.006, 0.0061)]
    ax = plots.timeline(spans, title="one step")
    assert _shown_labels(ax) == ["wait", "dot"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["a long call name", "wait", "dot", "relu"]


def test_timeline_without_crowded_labels_draws_no_legend():
    ax = plots.timeline([("worker 0", "P = Q + 1", 0.0, 0.05), ("worker 1", "R = Q * 3", 0.0, 0.05)])
    assert ax.get_legend() is None
    assert _shown_labels(ax) == ["P = Q + 1", "R = Q * 3"]


def test_timeline_window_shows_a_part_and_labels_what_is_in_view():
    spans = [("front end", "issue", 0.0, 0.0004), ("worker 1", "_zeros", 0.0001, 0.008)]
    ax = plots.timeline(spans, window=(0.0, 0.5), legend=True)
    assert ax.get_xlim() == (0.0, 0.5)
    assert _shown_labels(ax) == ["issue", "_zeros"]
    assert [t.get_text().lstrip("\u200b") for t in ax.get_legend().get_texts()] == ["issue", "_zeros"]


def test_same_scale_gives_panels_the_widest_limit_and_cuts_no_bar():
    import matplotlib.pyplot as plt

    from asynclab.foundation.figures import layout_problems

    fig, axes = plt.subplots(1, 2)
    plots.bar_compare({"a": 79.0, "b": 7.0}, unit="ms", ax=axes[0])
    plots.bar_compare({"a": 56.5, "b": 3.4}, unit="ms", ax=axes[1])
    plots.same_scale(axes)
    assert axes[0].get_xlim() == axes[1].get_xlim()  # the wider panel's: 1.3x its longest bar, or past its last tick
    assert axes[0].get_xlim()[0] == 0.0 and axes[0].get_xlim()[1] >= 79.0 * 1.3
    assert not any("is cut" in p for p in layout_problems(fig))
    plt.close(fig)


@pytest.mark.parametrize("axis_end", [0.45, 1.6, 1.61, 2.25, 4.5, 176.0])
def test_bar_panels_leave_room_for_the_last_tick_label(axis_end):
    """Bars that end where the axis would put a tick (its end is 1.3x the longest bar): the last tick's
    label was cut by the figure's edge (lesson 05 drew '1.6' half cut); now the axis ends past it."""
    import matplotlib.pyplot as plt

    from asynclab.foundation.figures import check_figures

    values = {"enqueue": 0.05, "finish": 0.236, "wait": 160.0, "compute": 184.0}
    spread = {k: (0.9 * v, 1.1 * v) for k, v in values.items()}
    spread["finish"] = (0.2, axis_end / 1.3) if axis_end < 100 else spread["finish"]
    if axis_end >= 100:
        spread["compute"] = (180.0, axis_end / 1.3)
    panels = plots.bar_panels(values, spread=spread, unit="ms", title="who waits")
    try:
        check_figures([panels[0].figure])
        for ax in panels:
            ticks = [t for t in ax.get_xticks() if 0 < t <= ax.get_xlim()[1]]
            assert max(ticks) <= 0.94 * ax.get_xlim()[1] + 1e-12
    finally:
        plt.close("all")
