"""asynclab.lessons.l03_async_speed.models: least-squares lines and the t1 / t2 / t3 estimates (pure arithmetic)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asynclab.lessons.l03_async_speed import models


def test_fit_line_recovers_an_exact_line():
    fit = models.fit_line([1, 2, 3, 4], [5.0, 7.0, 9.0, 11.0])
    assert fit.intercept == pytest.approx(3.0)
    assert fit.slope == pytest.approx(2.0)
    assert fit.rms_residual == pytest.approx(0.0, abs=1e-12)
    assert fit.points == 4
    assert fit.predict(10) == pytest.approx(23.0)


def test_fit_line_unpacks_as_intercept_then_slope():
    intercept, slope = models.fit_line([0, 1], [1.0, 3.0])
    assert (intercept, slope) == pytest.approx((1.0, 2.0))


def test_fit_line_agrees_with_numpy_on_noisy_points():
    rng = np.random.default_rng(0)
    xs = np.arange(10, 200, 17)
    ys = 0.002 + 3e-5 * xs + rng.normal(0, 1e-4, size=xs.size)
    slope, intercept = np.polyfit(xs, ys, 1)
    fit = models.fit_line(xs.tolist(), ys.tolist())
    assert fit.slope == pytest.approx(slope, rel=1e-9)
    assert fit.intercept == pytest.approx(intercept, rel=1e-9)
    assert fit.rms_residual > 0


@settings(max_examples=50, deadline=None)
@given(
    intercept=st.floats(-1e3, 1e3),
    slope=st.floats(-1e3, 1e3),
    xs=st.lists(st.integers(-1000, 1000), min_size=2, max_size=12, unique=True),
)
def test_fit_line_recovers_any_line_through_distinct_points(intercept, slope, xs):
    fit = models.fit_line(xs, [intercept + slope * x for x in xs])
    assert fit.slope == pytest.approx(slope, rel=1e-6, abs=1e-6)
    assert fit.intercept == pytest.approx(intercept, rel=1e-6, abs=1e-3)


@pytest.mark.parametrize(
    "xs, ys, error",
    [
        ([1, 2], [1.0], ValueError),  # lengths differ
        ([1], [1.0], ValueError),  # one point
        ([3, 3, 3], [1.0, 2.0, 3.0], ValueError),  # no spread in x
        ([1, 2], [1.0, math.nan], ValueError),  # not finite
        ([1, 2], ["a", "b"], TypeError),  # not numbers
    ],
)
def test_fit_line_rejects_what_has_no_line(xs, ys, error):
    with pytest.raises(error):
        models.fit_line(xs, ys)


def test_pipeline_bound_is_the_slower_stage_times_n():
    assert models.pipeline_bound(100, 2e-5, 5e-5) == pytest.approx(5e-3)
    assert models.pipeline_bound(100, 5e-5, 2e-5) == pytest.approx(5e-3)
    with pytest.raises(ValueError):
        models.pipeline_bound(-1, 1.0, 1.0)


def test_relative_error():
    assert models.relative_error(1.1, 1.0) == pytest.approx(0.1)
    assert models.relative_error(0.9, 1.0) == pytest.approx(0.1)
    with pytest.raises(ValueError):
        models.relative_error(1.0, 0.0)


def _synthetic(t1, t2, t3, ns):
    sync = [n * (t1 + t2 + t3) for n in ns]
    issued = [n * t1 for n in ns]
    asyn = [t1 + n * t2 + t3 for n in ns]
    return sync, asyn, issued


def test_estimate_costs_recovers_t1_t2_t3_of_a_back_end_bound_loop():
    ns = [50, 100, 200, 400]
    sync, asyn, issued = _synthetic(2e-5, 5e-5, 3e-5, ns)
    costs = models.estimate_costs(ns, sync, asyn, issued)
    assert costs.t1 == pytest.approx(2e-5)
    assert costs.t2 == pytest.approx(5e-5)
    assert costs.t3 == pytest.approx(3e-5)
    assert costs.round_trip == pytest.approx(1e-4)
    assert costs.bottleneck == "back end"
    assert not costs.t2_measured_in_back_end
    assert costs.bound(400) == pytest.approx(400 * 5e-5)
    assert costs.efficiency(400, asyn[-1]) == pytest.approx(400 * 5e-5 / asyn[-1])
    assert "t1" in str(costs) and "bottleneck: back end" in str(costs)


def test_estimate_costs_uses_a_measured_t2_and_names_the_front_end_bottleneck():
    ns = [50, 100, 200]
    sync, _, issued = _synthetic(2e-5, 1e-6, 4e-5, ns)
    asyn = [n * 2e-5 for n in ns]  # front-end bound: the async loop runs at the issuing rate
    costs = models.estimate_costs(ns, sync, asyn, issued, t2=1e-6)
    assert costs.t2 == 1e-6 and costs.t2_measured_in_back_end
    assert costs.t3 == pytest.approx(4e-5)
    assert costs.bottleneck == "front end"
    assert costs.efficiency(200, asyn[-1]) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        models.estimate_costs(ns, sync, asyn, issued, t2=-1.0)


def test_estimate_costs_never_reports_negative_costs():
    ns = [10, 20, 30]
    costs = models.estimate_costs(ns, [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [0.3, 0.2, 0.1])
    assert costs.t1 == 0.0 and costs.t2 == 0.0 and costs.t3 == 0.0
