"""What is wrong with a drawn figure's layout: :func:`layout_problems`, one sentence per problem.

The course's house rules for pictures: nothing overlapping or cut, no bars on a log axis (a bar's
length must mean something), no series hidden behind another, no value label sitting on a whisker.
:func:`layout_problems` draws the figure with its own canvas and asks matplotlib where each artist
landed (``get_window_extent`` with the canvas's renderer):

- two visible texts (tick labels, axis labels, titles, legends' texts, annotations, bar value
  labels) or a text and a legend whose boxes overlap;
- a visible text or legend that lies partly outside the figure, or a text clipped to its axes
  that lies partly outside them (cut);
- a bar on a log-scaled value axis, or a bar that runs past its value axis's limit (cut; a timeline's
  spans, which a window shows in part on purpose, excepted);
- a line whose every point lies under another line drawn above it, which covers what it draws
  (its segments with a line at least as wide, its markers with filled markers at least as large):
  hidden. A series drawn as hollow markers over a model's line shows both;
- a text that sits on a bar's whisker (error bar).

The course's kernel runs it on every figure after each cell when ``ASYNCLAB_CHECK_FIGURES=1``
(:mod:`asynclab.tooling.kernel`), which nbval's runs set. Nothing here is imported by the
foundation's measuring modules; importing this module loads matplotlib.
"""

from __future__ import annotations

import itertools

import numpy as np
from matplotlib.container import BarContainer
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import Bbox

__all__ = ["layout_problems", "FigureLayoutError", "check_figures", "SPAN_GID"]

#: the gid of a bar that is a span of a timeline (:func:`asynclab.foundation.plots.timeline`): a window onto
#: the timeline shows part of it on purpose, so such a bar running past its axis is not cut
SPAN_GID = "asynclab-timeline-span"
TOLERANCE_PX = 1.0  # boxes may touch or overlap by this much (antialiasing, rounding)
HIDDEN_PX = 1.5  # a line every point of which is this close to another's is hidden by it


class FigureLayoutError(Exception):
    """A figure breaks the course's layout rules; the message names each problem."""


def _describe(artist) -> str:
    if isinstance(artist, Legend):
        return "the legend"
    text = " ".join(artist.get_text().split())
    if len(text) > 40:
        text = text[:37] + "..."
    return repr(text)


def _tick_labels(ax) -> tuple[list[Text], set[int]]:
    """The tick labels the axes draws, and the ids of every tick label it holds (drawn or not)."""
    drawn: list[Text] = []
    every: set[int] = set()
    for axis in (ax.xaxis, ax.yaxis):
        for tick in axis.get_major_ticks() + axis.get_minor_ticks():
            every.update({id(tick.label1), id(tick.label2)})
        if not axis.get_visible():
            continue
        try:
            shown = axis._update_ticks()  # the ticks inside the view: the ones drawn
        except Exception:  # pragma: no cover - matplotlib's private API moved
            shown = axis.get_major_ticks()
        for tick in shown:
            if not tick.get_visible():
                continue
            for label, on in ((tick.label1, tick.label1.get_visible()), (tick.label2, tick.label2.get_visible())):
                if on:
                    drawn.append(label)
    return drawn, every


def _texts(fig: Figure) -> list[Text]:
    """Every text the figure draws that shows something."""
    drawn: list[Text] = []
    tick_ids: set[int] = set()
    for ax in fig.axes:
        labels, every = _tick_labels(ax)
        if ax.get_visible() and ax.axison:
            drawn.extend(labels)
        tick_ids |= every
    axis_labels = {id(axis.label): (ax, axis) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)}
    for text in fig.findobj(Text):
        if id(text) in tick_ids or text in drawn:
            continue
        if text.axes is not None and not text.axes.get_visible():
            continue
        if id(text) in axis_labels:
            ax, axis = axis_labels[id(text)]
            if not (ax.get_visible() and ax.axison and axis.get_visible()):
                continue
        drawn.append(text)
    shown = []
    for text in drawn:
        if not text.get_visible() or not text.get_text().strip():
            continue
        if any(not parent.get_visible() for parent in _parents(text)):
            continue
        shown.append(text)
    return shown


def _parents(text: Text) -> list:
    """Legends and offset boxes that hold the text (hidden with them)."""
    parents = []
    fig = text.get_figure()
    for legend in _legends(fig, visible_only=False):
        if text in legend.get_texts() or text is legend.get_title():
            parents.append(legend)
    return parents


def _legends(fig: Figure, *, visible_only: bool = True) -> list[Legend]:
    found = [x for x in fig.findobj(Legend)]
    return [x for x in found if x.get_visible()] if visible_only else found


def _overlap(a: Bbox, b: Bbox, tol: float = TOLERANCE_PX) -> bool:
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return width > tol and height > tol


def _inside(inner: Bbox, outer: Bbox, tol: float = TOLERANCE_PX) -> bool:
    return (
        inner.x0 >= outer.x0 - tol
        and inner.y0 >= outer.y0 - tol
        and inner.x1 <= outer.x1 + tol
        and inner.y1 <= outer.y1 + tol
    )


def _clip_region(artist) -> Bbox | None:
    """Where a text clipped to its axes can show (None: it is not clipped)."""
    if not isinstance(artist, Text) or not artist.get_clip_on():
        return None
    if artist.get_clip_box() is not None:
        return Bbox(artist.get_clip_box().get_points())
    path = artist.get_clip_path()
    if path is not None and hasattr(path, "get_fully_transformed_path"):
        return path.get_fully_transformed_path().get_extents()
    return None


def _bar_problems(fig: Figure) -> list[str]:
    problems = []
    for ax in fig.axes:
        for container in ax.containers:
            if not isinstance(container, BarContainer):
                continue
            horizontal = getattr(container, "orientation", None) == "horizontal"
            scale = ax.get_xscale() if horizontal else ax.get_yscale()
            if scale == "log":
                what = "x" if horizontal else "y"
                title = f" ({ax.get_title()!r})" if ax.get_title() else ""
                problems.append(
                    f"bars are drawn on a log-scaled {what} axis{title}: a bar's length means nothing there; "
                    "use a linear axis (split small and large values into panels)"
                )
                break
            low, high = sorted(ax.get_xlim() if horizontal else ax.get_ylim())
            labels = [t.get_text() for t in (ax.get_yticklabels() if horizontal else ax.get_xticklabels())]
            for index, bar in enumerate(container.patches):
                start, length = (bar.get_x(), bar.get_width()) if horizontal else (bar.get_y(), bar.get_height())
                ends = sorted((start, start + length))
                if bar.get_gid() == SPAN_GID:
                    continue
                if bar.get_visible() and (ends[1] > high + 1e-9 * abs(high) or ends[0] < low - 1e-9 * abs(low)):
                    name = labels[index] if index < len(labels) and labels[index] else f"bar {index + 1}"
                    problems.append(
                        f"the bar {name!r} is cut: it runs past its axis's limit, so its length and its "
                        "value label cannot be seen (give panels that share an axis a limit that fits every bar)"
                    )
    return problems


def _draws_line(line: Line2D) -> bool:
    return line.get_linestyle() not in ("None", "none", "", " ") and line.get_linewidth() > 0


def _draws_markers(line: Line2D) -> bool:
    return line.get_marker() not in (None, "None", "none", "", " ") and line.get_markersize() > 0


def _covers(top: Line2D, below: Line2D) -> bool:
    """Whether ``top``, lying on ``below``'s points, covers everything ``below`` draws."""
    if _draws_line(below) and not (_draws_line(top) and top.get_linewidth() >= below.get_linewidth()):
        return False
    if _draws_markers(below):
        filled = top.get_fillstyle() == "full" and top.get_markerfacecolor() not in ("none", "None")
        if not (_draws_markers(top) and filled and top.get_markersize() >= below.get_markersize()):
            return False
    return True


def _caps(ax) -> set[int]:
    """The ids of the caps of the whiskers on ``ax``'s bars: a whisker's two caps meet where its spread is under a
    pixel, which hides no series."""
    caps: set[int] = set()
    for container in ax.containers:
        if isinstance(container, BarContainer) and container.errorbar is not None:
            caps.update(id(cap) for cap in container.errorbar.lines[1])
    return caps


def _hidden_lines(fig: Figure) -> list[str]:
    problems = []
    for ax in fig.axes:
        caps = _caps(ax)
        lines = [x for x in ax.get_lines() if x.get_visible() and len(x.get_xydata()) > 0 and id(x) not in caps]
        order = {id(x): i for i, x in enumerate(ax.get_children())}
        for a, b in itertools.permutations(lines, 2):
            above = (b.get_zorder(), order.get(id(b), 0)) > (a.get_zorder(), order.get(id(a), 0))
            if not above:
                continue
            pa = a.get_transform().transform(a.get_xydata())
            pb = b.get_transform().transform(b.get_xydata())
            if pa.shape != pb.shape or not np.all(np.isfinite(pa)) or not np.all(np.isfinite(pb)):
                continue
            if np.max(np.abs(pa - pb)) <= HIDDEN_PX and _covers(b, a):
                name = a.get_label() if not a.get_label().startswith("_") else "a line"
                over = b.get_label() if not b.get_label().startswith("_") else "another line"
                problems.append(
                    f"the series {name!r} is hidden behind {over!r}: every point of it lies under the other"
                )
    return problems


def _whiskers(fig: Figure, renderer) -> list[Bbox]:
    boxes = []
    for ax in fig.axes:
        for container in ax.containers:
            if not isinstance(container, BarContainer) or container.errorbar is None:
                continue
            data_line, caplines, barlinecols = container.errorbar.lines
            for collection in barlinecols:
                for path in collection.get_paths():
                    points = collection.get_transform().transform(path.vertices)
                    boxes.append(Bbox.from_extents(*points.min(axis=0), *points.max(axis=0)).padded(1.0))
            for cap in caplines:
                if isinstance(cap, Line2D) and cap.get_visible():
                    points = cap.get_transform().transform(cap.get_xydata())
                    boxes.extend(Bbox.from_extents(*p, *p).padded(3.0) for p in points)
    return boxes


def layout_problems(fig: Figure) -> list[str]:
    """One sentence per problem in ``fig``'s drawn layout (empty: none). Draws the figure."""
    renderer = fig.canvas.get_renderer()
    fig.draw(renderer)  # layout engines (tight, constrained) place things at draw time
    problems: list[str] = []
    texts = _texts(fig)
    boxes: list[tuple[object, Bbox]] = [(t, t.get_window_extent(renderer)) for t in texts]
    legends = [(x, x.get_window_extent(renderer)) for x in _legends(fig)]
    legend_texts = {id(t): legend for legend, _ in legends for t in [*legend.get_texts(), legend.get_title()]}

    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        if _overlap(box_a, box_b):
            problems.append(f"the texts {_describe(a)} and {_describe(b)} overlap")
    for legend, box in legends:
        for text, text_box in boxes:
            if legend_texts.get(id(text)) is legend:
                continue
            if _overlap(box, text_box):
                problems.append(f"the legend covers the text {_describe(text)}")

    for artist, box in [*boxes, *legends]:
        clip = _clip_region(artist)
        if clip is not None:
            if _overlap(box, clip, 0.0) and not _inside(box, clip):
                problems.append(f"the text {_describe(artist)} is cut by the edge of its axes")
        elif not _inside(box, fig.bbox):
            problems.append(f"{_describe(artist)} is cut: it lies partly outside the figure")

    whiskers = _whiskers(fig, renderer)
    for text, box in boxes:
        if any(_overlap(box, w, 0.0) for w in whiskers):
            problems.append(f"the text {_describe(text)} sits on a whisker")

    problems.extend(_bar_problems(fig))
    problems.extend(_hidden_lines(fig))
    return list(dict.fromkeys(problems))


def check_figures(figures) -> None:
    """Raise :class:`FigureLayoutError` naming every problem of ``figures`` (one paragraph each)."""
    found = []
    for number, fig in enumerate(figures, start=1):
        problems = layout_problems(fig)
        if problems:
            label = fig.get_label() or f"figure {number}"
            found.append(f"{label}: " + "; ".join(problems) + ".")
    if found:
        raise FigureLayoutError("the figure breaks the course's layout rules:\n" + "\n".join(found))
