"""asynclab.lessons.l03_async_speed.figures: measurements over models pass the course's figure check."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from asynclab.foundation.figures import layout_problems  # noqa: E402
from asynclab.lessons.l03_async_speed import figures  # noqa: E402

XS = (50, 100, 200, 400, 800)


def test_coinciding_models_and_measurements_all_show():
    line = [0.02 * x for x in XS]
    measured = {
        name: figures.Measured(line, [(v * 0.95, v * 1.05) for v in line]) for name in ("wait once", "issuing only")
    }
    models = {
        "wait once, fit": figures.Model(line, of="wait once"),
        "issuing only, fit": figures.Model(line, of="issuing only", style={"linestyle": "--", "linewidth": 1.5}),
        "bound": figures.Model([v * 0.9 for v in line]),
    }
    ax = figures.measured_over_models(XS, measured, models, xlabel="N", ylabel="ms")
    assert layout_problems(ax.figure) == []
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["wait once", "wait once, fit"]
    assert ax.get_ylim()[0] == 0


def test_two_series_whose_models_coincide_both_show():
    """The loop that waits every time can cost what the loop that waits once costs (one core for both ends)."""
    line = [0.05 * x for x in XS]
    measured = {name: figures.Measured(line, [(v * 0.9, v * 1.1) for v in line]) for name in ("every time", "once")}
    models = {
        "every time, fit": figures.Model(line, of="every time"),
        "once, fit": figures.Model(line, of="once"),
        "bound": figures.Model(line),
    }
    ax = figures.measured_over_models(XS, measured, models, xlabel="N", ylabel="ms")
    assert layout_problems(ax.figure) == []


def test_a_model_of_an_unknown_series_is_refused():
    with pytest.raises(ValueError, match="'fit'"):
        figures.measured_over_models(
            XS, {"a": figures.Measured(XS)}, {"fit": figures.Model(XS, of="b")}, xlabel="N", ylabel="ms"
        )
