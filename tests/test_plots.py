"""plots: bar comparisons draw the spread they are given, and refuse spread they are not."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.container import ErrorbarContainer  # noqa: E402

from asynclab import plots  # noqa: E402


def test_bar_compare_draws_iqr_whiskers_when_given_quartiles():
    ax = plots.bar_compare({"a": 2.0, "b": 3.0}, spread={"a": (1.5, 2.5), "b": (2.0, 4.0)})
    assert any(isinstance(c, ErrorbarContainer) for c in ax.containers)
    plain = plots.bar_compare({"a": 2.0, "b": 3.0})
    assert not any(isinstance(c, ErrorbarContainer) for c in plain.containers)


def test_bar_compare_says_which_label_has_no_quartiles():
    with pytest.raises(ValueError, match="'b'"):
        plots.bar_compare({"a": 2.0, "b": 3.0}, spread={"a": (1.5, 2.5)})
