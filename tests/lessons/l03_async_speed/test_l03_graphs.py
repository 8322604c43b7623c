"""asynclab.lessons.l03_async_speed.graphs: the chain computes the same either way; the figures are well formed.

No absolute time is asserted: only orderings that hold by construction and
the arithmetic of the summary's properties.
"""

import numpy as np
import pytest
from mxnet import nd

from asynclab.foundation.timing import summarize
from asynclab.lessons.l03_async_speed import graphs


def _costs(imperative: float, hybrid: float, first: float, ops: int = 10) -> graphs.GraphCosts:
    return graphs.GraphCosts(
        ops=ops,
        imperative_issue=summarize([imperative * 0.9] * 3),
        imperative_total=summarize([imperative] * 3),
        hybrid_issue=summarize([hybrid * 0.5] * 3),
        hybrid_total=summarize([hybrid] * 3),
        first_call=summarize([first] * 3),
    )


def test_properties_follow_from_the_medians():
    costs = _costs(imperative=1e-3, hybrid=1e-4, first=1e-3 + 9e-4)
    assert costs.speedup == pytest.approx(10.0)
    assert costs.break_even_calls == pytest.approx((1.9e-3 - 1e-4) / 9e-4)
    assert costs.issue_per_op == pytest.approx((0.9e-4, 0.5e-5))
    assert "first call" in costs.table() and "paid back after" in costs.table()


def test_no_saving_never_breaks_even():
    assert _costs(imperative=1e-4, hybrid=2e-4, first=1e-3).break_even_calls == float("inf")


def test_a_chain_needs_an_operation():
    with pytest.raises(ValueError):
        graphs.Chain(0)


@pytest.mark.measured
@pytest.mark.parametrize("hybridize", [False, True])
def test_chain_adds_ops_either_way(hybridize):
    block = graphs.make_chain(7, hybridize=hybridize)
    x = nd.array([1.0, 2.0, 3.0])
    for _ in range(2):  # the hybridized block traces on the first call and runs its graph on the second
        np.testing.assert_allclose(block(x).asnumpy(), x.asnumpy() + 7)


@pytest.mark.measured
def test_graph_costs_are_ordered_by_construction():
    costs = graphs.graph_costs(ops=5, calls=2, rounds=2)
    assert costs.ops == 5
    for issued, total in ((costs.imperative_issue, costs.imperative_total), (costs.hybrid_issue, costs.hybrid_total)):
        assert len(issued) == len(total) == 2
        assert all(v > 0 for v in issued.values + total.values)
    assert len(costs.first_call) == 2
