"""Lesson 03's figures: measured medians drawn as hollow markers with their spread, over the models' lines.

Each measured series is a median per x with its (first, third) quartiles, drawn as hollow markers
with a whisker; each model is a line, in the colour of the series it describes. Where a model and a
measurement coincide, both stay visible: the line shows through the hollow marker. A model is a
pale solid line unless its ``style`` says otherwise, narrower for each later measured series (as
its markers are smaller), so that where two series' models coincide, as the two loops of lesson 03
do on a machine where a wait costs next to nothing, the later line lies inside the earlier. A
model of no series is a thin dark line drawn last. Give one that lies on a model of the same
series a style of its own.

Values are plotted as given: pass them in the unit the labels name. Lesson layer: loads matplotlib.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from asynclab.foundation import plots

__all__ = ["Measured", "Model", "measured_over_models"]

MARKERS = ("o", "s", "^", "D")
MODEL_STYLE = {"linestyle": "-", "alpha": 0.45}
MODEL_WIDTHS = (5.0, 3.5, 2.0, 1.5)  # points: the models of the first, second, ... measured series
FREE_MODEL_STYLE = {"linewidth": 1.0, "alpha": 0.8, "color": "0.3"}  # a model of no series, drawn last: thinnest


@dataclass(frozen=True)
class Measured:
    """Medians per x and their (first, third) quartiles, in the figure's unit."""

    medians: Sequence[float]
    spread: Sequence[tuple[float, float]] = ()


@dataclass(frozen=True)
class Model:
    """A model's values per x; ``of`` names the measured series it describes (same colour)."""

    values: Sequence[float]
    of: str | None = None
    style: Mapping[str, Any] = field(default_factory=dict)


def measured_over_models(
    xs: Sequence[float],
    measured: Mapping[str, Measured],
    models: Mapping[str, Model],
    *,
    xlabel: str,
    ylabel: str,
    title: str = "",
    ax: Axes | None = None,
) -> Axes:
    """Models as lines, then each measurement as hollow markers with whiskers from q1 to q3.

    The legend lists each measurement followed by its models, then the models of no measurement.
    """
    unknown = [k for k, model in models.items() if model.of is not None and model.of not in measured]
    if unknown:
        raise ValueError(f"models of no measured series: {', '.join(map(repr, unknown))}.")
    colors = {name: plt.cm.tab10.colors[i % 10] for i, name in enumerate(measured)}
    series: dict[str, Sequence[float]] = {}
    styles: dict[str, dict[str, Any]] = {}

    def add_models(of: str | None, index: int) -> None:
        for name, model in models.items():
            if model.of == of:
                if of is None:
                    own = FREE_MODEL_STYLE
                else:
                    own = {"linewidth": MODEL_WIDTHS[index % len(MODEL_WIDTHS)], "color": colors[of]}
                style = {**MODEL_STYLE, **own, **model.style}
                series[name], styles[name] = model.values, style

    for i, (name, m) in enumerate(measured.items()):
        series[name] = m.medians
        styles[name] = {
            "marker": MARKERS[i % len(MARKERS)],
            "linestyle": "none",
            "fillstyle": "none",
            "markersize": 9 - 1.5 * (i % len(MARKERS)),
            "markeredgewidth": 1.5,
            "color": colors[name],
            "zorder": 3,  # above every model's line
        }
        add_models(name, i)
    add_models(None, 0)
    ax = plots.xy(xs, series, xlabel=xlabel, ylabel=ylabel, title=title, ax=ax, styles=styles)
    for name, m in measured.items():
        if m.spread:
            low = [med - q1 for med, (q1, _) in zip(m.medians, m.spread)]
            high = [q3 - med for med, (_, q3) in zip(m.medians, m.spread)]
            ax.errorbar(xs, m.medians, yerr=[low, high], fmt="none", ecolor=colors[name], elinewidth=1.2, zorder=3)
    ax.set_ylim(bottom=0)
    return ax
