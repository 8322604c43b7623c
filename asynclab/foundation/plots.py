"""Matplotlib figures for the lessons. Each function draws and returns its Axes.

Nothing here measures: pass in figures produced by :mod:`asynclab.foundation.timing`,
:mod:`asynclab.foundation.memory` or :mod:`asynclab.foundation.engine` (times in seconds, memory
in MB). Lesson layer: the foundation never imports this module, so importing
the engine or the checks does not load matplotlib.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Patch
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from asynclab.foundation.figures import SPAN_GID
from asynclab.foundation.timing import Span

__all__ = [
    "bar_compare",
    "bar_panels",
    "stacked_bars",
    "Span",
    "timeline",
    "memory_over_time",
    "queue_over_time",
    "xy",
    "dependency_graph",
]


def _axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    # constrained layout: the labels, titles and legends fit inside the figure
    _, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def bar_compare(
    values: Mapping[str, float],
    *,
    unit: str = "s",
    title: str = "",
    log: bool = False,
    spread: Mapping[str, tuple[float, float]] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """One bar per label on a linear axis; each bar is annotated with its value in ``unit``.

    ``spread`` gives, per label, the (first, third) quartile in the same unit
    as the bar (a median): drawn as a whisker, so the eye sees the IQR; the
    value label then starts beyond the whisker. Values that span orders of
    magnitude belong in :func:`bar_panels` (one linear axis per group), not on a
    log axis: ``log=True`` is kept for old cells, and the figure check flags it.
    """
    if not values:
        raise ValueError("bar_compare needs at least one value.")
    ax = _axes(ax, (6.4, 1.2 + 0.45 * len(values)))
    labels = list(values)
    heights = [float(values[k]) for k in labels]
    xerr = None
    ends = list(heights)
    if spread is not None:
        missing = [k for k in labels if k not in spread]
        if missing:
            raise ValueError(f"spread has no quartiles for {', '.join(map(repr, missing))}.")
        xerr = [
            [max(h - float(spread[k][0]), 0.0) for k, h in zip(labels, heights)],
            [max(float(spread[k][1]) - h, 0.0) for k, h in zip(labels, heights)],
        ]
        ends = [max(h, float(spread[k][1])) for k, h in zip(labels, heights)]
    colors = [plt.cm.tab10.colors[i % 10] for i in range(len(labels))]
    bars = ax.barh(labels, heights, xerr=xerr, capsize=3 if xerr else 0, color=colors)
    ax.invert_yaxis()
    if log:
        ax.set_xscale("log")
    for bar, value, end in zip(bars, heights, ends):
        ax.annotate(
            f"{value:.3g} {unit}",
            (end, bar.get_y() + bar.get_height() / 2),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
            fontsize=9,
        )
    ax.set_xlabel(unit)
    ax.set_title(title)
    if not log:
        ax.set_xlim(0, _clear_of_ticks(ax, max(ends) * 1.3 if max(ends) > 0 else 1.0))
    else:
        ax.margins(x=0.25)
    return ax


def _clear_of_ticks(ax: Axes, right: float) -> float:
    """``right``, or more, so that the last major tick of ``ax``'s x axis lies at most 94% of the way.

    Constrained layout leaves no room for the half of a tick label that passes the axis' end, so a
    tick on or just before the end would have its label cut by the figure's edge.
    """
    locator = ax.xaxis.get_major_locator()
    for _ in range(4):  # a wider axis can get other ticks: settle in a few steps
        ticks = [t for t in locator.tick_values(0.0, right) if 0.0 < t <= right]
        if not ticks or max(ticks) <= 0.94 * right:
            break
        right = max(ticks) / 0.94
    return right


def same_scale(axes: Sequence[Axes]) -> None:
    """Give panels of :func:`bar_compare` bars one linear value axis from 0, the widest any of them
    needs, so that bar lengths compare across panels and no bar runs past its panel's edge."""
    top = max(ax.get_xlim()[1] for ax in axes)
    for ax in axes:
        ax.set_xlim(0, top)


def bar_panels(
    values: Mapping[str, float],
    *,
    unit: str = "ms",
    title: str = "",
    spread: Mapping[str, tuple[float, float]] | None = None,
    ratio: float = 10.0,
    max_panels: int = 3,
    width: float = 7.5,
) -> list[Axes]:
    """Bars whose values span orders of magnitude: one linear panel per group, in one ``unit``.

    The values (sorted) are split where one is more than ``ratio`` times the one below it (at the
    largest such gaps, into ``max_panels`` groups at most); each
    group gets its own panel, smallest first, with its own linear axis, so that every bar's length
    means something and the small ones are not flattened to nothing. The bars keep the order of
    ``values`` within a panel. ``spread`` as :func:`bar_compare`. Returns the panels' Axes.
    """
    if not values:
        raise ValueError("bar_panels needs at least one value.")
    ordered = sorted(values, key=lambda k: float(values[k]))
    gaps = [
        (float(values[high]) / float(values[low]), i + 1)
        for i, (low, high) in enumerate(zip(ordered, ordered[1:]))
        if float(values[low]) > 0 and float(values[high]) / float(values[low]) > ratio
    ]
    cuts = sorted(i for _, i in sorted(gaps, reverse=True)[: max_panels - 1])
    groups = [ordered[a:b] for a, b in zip([0, *cuts], [*cuts, len(ordered)])]
    groups = [[k for k in values if k in group] for group in groups]
    fig, axes = plt.subplots(
        len(groups),
        1,
        figsize=(width, 0.9 + sum(0.9 + 0.42 * len(g) for g in groups)),
        height_ratios=[0.9 + 0.42 * len(g) for g in groups],
        layout="constrained",
        squeeze=False,
    )
    panels = list(axes[:, 0])
    for number, (ax, group) in enumerate(zip(panels, groups)):
        top = max(
            max(float(values[k]) for k in group),
            max((float(spread[k][1]) for k in group), default=0.0) if spread else 0.0,
        )
        what = "" if len(groups) == 1 else f"its own scale: 0 to {top * 1.3:.3g} {unit}"
        bar_compare(
            {k: values[k] for k in group},
            unit=unit,
            spread={k: spread[k] for k in group} if spread is not None else None,
            ax=ax,
        )
        ax.set_title(what, loc="right", fontsize=9)
        for bar, label in zip(ax.patches, group):  # one colour per label across the panels
            bar.set_color(plt.cm.tab10.colors[list(values).index(label) % 10])
        if number < len(panels) - 1:
            ax.set_xlabel("")
    if title:
        fig.suptitle(title)
    return panels


def stacked_bars(
    rows: Mapping[str, Mapping[str, float]], *, unit: str = "s", title: str = "", ax: Axes | None = None
) -> Axes:
    """One horizontal bar per row, split into its parts in order; each part labelled with its value.

    ``rows`` maps a bar's label to ``{part: value}`` (values in ``unit``);
    every row must name the same parts, which share a colour across bars.
    """
    if not rows:
        raise ValueError("stacked_bars needs at least one row.")
    labels = list(rows)
    parts = list(rows[labels[0]])
    for label in labels[1:]:
        if list(rows[label]) != parts:
            raise ValueError(f"row {label!r} has the parts {list(rows[label])}, not {parts}.")
    ax = _axes(ax, (7.5, 0.8 + 0.6 * len(labels)))
    left = [0.0] * len(labels)
    for part in parts:
        widths = [float(rows[label][part]) for label in labels]
        bars = ax.barh(labels, widths, left=left, label=part)
        ax.bar_label(
            bars,
            labels=[f"{w:.0f}" if w >= 0.08 * max(sum(rows[l].values()) for l in labels) else "" for w in widths],
            label_type="center",
            fontsize=8,
        )
        left = [a + w for a, w in zip(left, widths)]
    ax.invert_yaxis()
    ax.set_xlabel(unit)
    ax.set_title(title)
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5))
    return ax


class _BarLabel(Text):
    """A bar's label that shows only where it fits inside the bar's visible part, judged each time
    the figure is drawn (after the layout engine has placed the axes): never over a neighbour."""

    def __init__(self, bar, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._bar = bar
        self._fits = True

    def get_visible(self) -> bool:
        return super().get_visible() and self._fits

    def draw(self, renderer) -> None:
        self._fits = True
        if super().get_visible():
            text = self.get_window_extent(renderer)
            bar = Bbox.intersection(self._bar.get_window_extent(renderer), self.axes.bbox)
            self._fits = (
                bar is not None
                and text.x0 >= bar.x0 + 2
                and text.x1 <= bar.x1 - 2
                and text.y0 >= bar.y0 - 1
                and text.y1 <= bar.y1 + 1
            )
        super().draw(renderer)


def _may_not_fit(label: str, width: float, shown: float, ax: Axes, fontsize: float) -> bool:
    """Whether ``label`` may be too wide for a bar ``width`` long on an axis ``shown`` long (same unit),
    judged before the layout with room to spare: then the colours need a legend."""
    fig = ax.figure
    axes_points = ax.get_position().width * fig.get_figwidth() * 72 * 0.9
    text_points = 0.62 * fontsize * len(label) + 6
    return shown <= 0 or width / shown * axes_points < text_points


def timeline(
    spans: Sequence[Span | tuple[str, str, float, float]],
    *,
    title: str = "",
    unit_scale: float = 1e3,
    unit: str = "ms",
    window: tuple[float, float] | None = None,
    legend: bool | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Horizontal bars per row: who ran what, when. Times are seconds; one colour per label.

    ``unit_scale`` converts seconds to the plotted ``unit`` (ms by default); the axis starts at the
    first span's start. ``window`` (in ``unit``, from that start) shows only that part of the axis.
    A bar carries its label only where the label fits inside it, judged when the figure is drawn, so
    that labels never overlap; when some label may not fit, a legend beside the axes names every
    colour (``legend=True`` or ``False`` forces it on or off); past 200 spans no bar is labelled and
    the legend names the colours. Spans of one row should not overlap.
    """
    spans = [s if hasattr(s, "row") else Span(*s) for s in spans]  # any object with row/label/start/end
    if not spans:
        raise ValueError("timeline needs at least one span.")
    rows: list[str] = []
    for s in spans:
        if s.row not in rows:
            rows.append(s.row)
    own = ax is None
    ax = _axes(ax, (8, 0.8 + 0.55 * len(rows)))
    colors = plt.cm.tab20.colors
    names = sorted({s.label for s in spans})
    color_of = {name: colors[i % len(colors)] for i, name in enumerate(names)}
    t0 = min(s.start for s in spans)
    end = max(s.end - t0 for s in spans) * unit_scale
    low, high = window if window is not None else (0.0, end)
    fontsize = 8
    labelled = len(spans) <= 200  # beyond that, a label per bar costs more than it shows: a legend
    tight = not labelled
    for s in spans:
        y = rows.index(s.row)
        left, width = (s.start - t0) * unit_scale, max((s.end - s.start) * unit_scale, 1e-9)
        (bar,) = ax.barh(
            y, width, left=left, height=0.6, color=color_of[s.label], edgecolor="black", linewidth=0.4
        ).patches
        bar.set_gid(SPAN_GID)  # a window may show part of it: not a cut bar
        shown = min(left + width, high) - max(left, low)
        if shown > 0 and _may_not_fit(s.label, shown, high - low, ax, fontsize):
            tight = True
        if shown > 0 and labelled:
            middle = (max(left, low) + min(left + width, high)) / 2  # of the part in view
            label = _BarLabel(bar, middle, y, s.label, ha="center", va="center", fontsize=fontsize, clip_on=True)
            ax.add_artist(label)
    ax.set_yticks(range(len(rows)), rows)
    ax.invert_yaxis()
    if window is not None:
        ax.set_xlim(low, high)
    ax.set_xlabel(f"time ({unit})")
    ax.set_title(title)
    if legend if legend is not None else tight:
        first = {}  # the legend lists the names row by row, each row's in the order they first ran
        for s in sorted(spans, key=lambda s: (rows.index(s.row), s.start)):
            first.setdefault(s.label, len(first))
        listed = sorted(names, key=first.__getitem__)
        handles = [Patch(facecolor=color_of[n], edgecolor="black", linewidth=0.4) for n in listed]
        if own:  # the figure grows to hold ten names a column
            per_column = 10
            fig_height = 1.1 + 0.16 * min(len(names), per_column)
            ax.figure.set_figheight(max(ax.figure.get_figheight(), fig_height))
        else:  # as many names a column as the axes is tall (inches, a name 0.16)
            per_column = max(3, int(ax.get_position().height * ax.figure.get_figheight() / 0.16))
        ax.legend(
            handles,
            [f"\u200b{n}" if n.startswith("_") else n for n in listed],  # a zero-width space: '_zeros' is listed
            fontsize=7,
            loc="center left",
            bbox_to_anchor=(1.01, 0.5),
            ncols=-(-len(listed) // per_column),
            frameon=False,
        )
    return ax


def memory_over_time(traces: Mapping[str, object], *, title: str = "", ax: Axes | None = None) -> Axes:
    """Resident memory above each trace's baseline (MB) against seconds.

    ``traces`` maps a label to an :class:`asynclab.foundation.memory.MemoryTrace`.
    """
    ax = _axes(ax, (6.4, 4))
    for name, trace in traces.items():
        ys = [v - trace.baseline for v in trace.values]
        ax.plot(trace.times, ys, label=f"{name} (peak +{trace.increase:.0f} MB)")
    ax.set_xlabel("seconds")
    ax.set_ylabel("MB above baseline")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax


def queue_over_time(runs: Mapping[str, object], *, title: str = "", ax: Axes | None = None) -> Axes:
    """Batches issued (wide solid line) and batches computed (narrow dashed line) against seconds, one colour per run.

    ``runs`` maps a label to a tracked epoch (an object with ``issued`` and
    ``done``: seconds at which each batch was issued and computed, such as
    :class:`asynclab.foundation.workloads.mlp.TrainResult`). The vertical gap between
    a run's two lines is its queue: batches handed over but not yet run. Where a run has no
    queue (it waits for every batch, or its front end is the slower half), the computed line
    lies inside the issued one.
    """
    ax = _axes(ax, (6.4, 4))
    for name, run in runs.items():
        issued, done = list(run.issued), list(run.done)
        if not issued:
            raise ValueError(f"{name!r} was not tracked: run it with track=True.")
        (line,) = ax.step([0.0] + issued, range(len(issued) + 1), where="post", linewidth=2.5, label=f"{name}: issued")
        ax.step(
            [0.0] + done,
            range(len(done) + 1),
            where="post",
            linestyle="--",
            linewidth=1.2,
            color=line.get_color(),
            label=f"{name}: computed",
        )
    ax.set_xlabel("seconds")
    ax.set_ylabel("batches")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax


#: (line width, marker size) in points of the first, second and third series of :func:`xy`, then again
XY_WIDTHS = ((2.25, 7.0), (1.5, 5.5), (1.0, 4.0))


def xy(
    xs: Sequence[float],
    series: Mapping[str, Sequence[float]],
    *,
    xlabel: str,
    ylabel: str,
    title: str = "",
    logx: bool = False,
    ax: Axes | None = None,
    styles: Mapping[str, Mapping[str, Any]] | None = None,
) -> Axes:
    """Plain line-and-marker plot of several series against one x.

    ``styles`` maps a series' name to keyword arguments for its ``ax.plot`` (for example
    ``{"marker": "o", "linestyle": "none", "fillstyle": "none"}`` for measured points drawn over
    a model's line); a series not named there is drawn with markers joined by a line. Each series
    is drawn narrower, with smaller markers, than the one before it (:data:`XY_WIDTHS`, in points,
    unless its style says otherwise), so that a series that lies on an earlier one leaves it
    showing around it.
    """
    ax = _axes(ax, (6.4, 4))
    for index, (name, ys) in enumerate(series.items()):
        width, size = XY_WIDTHS[index % len(XY_WIDTHS)]
        own = (styles or {}).get(name, {"marker": "o", "linestyle": "-"})
        style = {"linewidth": width, "markersize": size, **own}
        ax.plot(xs, ys, label=name, **style)
    if logx:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize=8)
    return ax


def dependency_graph(edges: Sequence[tuple[str, str]], *, title: str = "", ax: Axes | None = None) -> Axes:
    """Draw a small dependency graph, sources on the left, results on the right.

    ``edges`` are ``(producer, consumer)`` pairs of node names; a node's
    column is the length of the longest path that leads to it.
    """
    if not edges:
        raise ValueError("dependency_graph needs at least one edge.")
    nodes: list[str] = []
    for a, b in edges:
        for n in (a, b):
            if n not in nodes:
                nodes.append(n)
    depth = {n: 0 for n in nodes}
    for _ in nodes:  # longest-path layering; the graphs here are tiny
        for a, b in edges:
            depth[b] = max(depth[b], depth[a] + 1)
    columns: dict[int, list[str]] = {}
    for n in nodes:
        columns.setdefault(depth[n], []).append(n)
    pos = {n: (d, -(i - (len(col) - 1) / 2)) for d, col in columns.items() for i, n in enumerate(col)}
    ax = _axes(ax, (1.8 + 1.6 * len(columns), 2.4))
    for a, b in edges:
        ax.annotate(
            "", xy=pos[b], xytext=pos[a], arrowprops=dict(arrowstyle="-|>", shrinkA=18, shrinkB=18, color="0.3")
        )
    for n, (x, y) in pos.items():
        ax.text(
            x,
            y,
            n,
            ha="center",
            va="center",
            fontsize=10,
            bbox=dict(boxstyle="round,pad=0.4", fc="#dbe9f6", ec="#2b6cb0"),
        )
    ax.set_xlim(-0.6, max(columns) + 0.6)
    ax.set_ylim(-1.2, 1.2)
    ax.axis("off")
    ax.set_title(title)
    return ax
