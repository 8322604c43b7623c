"""d2l_timing: lesson 01's d2l.Timer around an MXNet product, with and without a wait inside."""

import pytest

from asynclab.foundation.timing import summarize
from asynclab.lessons.l01_async_dispatch import d2l_timing


def test_the_ratio_is_waited_over_unwaited_medians():
    times = d2l_timing.D2lTimes(summarize([0.001, 0.002, 0.003]), summarize([0.2, 0.4, 0.6]))
    assert times.ratio == pytest.approx(200)
    assert d2l_timing.D2lTimes(summarize([0.0]), summarize([0.1])).ratio == float("inf")


@pytest.mark.parametrize("rounds", [0, -1, 2.5, True, "3"])
def test_bad_rounds_get_one_sentence(rounds):
    with pytest.raises(ValueError, match="rounds must be a positive whole number"):
        d2l_timing.time_dot_with_d2l_timer(None, rounds=rounds)


def test_d2l_leaves_mxnet_as_it_was():
    """The lesson says so: importing d2l's MXNet flavour does not switch MXNet to its NumPy interface."""
    import mxnet as mx
    from d2l import mxnet as d2l

    assert not mx.util.is_np_array()
    assert callable(d2l.Timer) and callable(d2l.Benchmark) and callable(d2l.try_gpu)


@pytest.mark.measured
def test_the_timer_records_every_round_and_the_wait_carries_the_product():
    from mxnet import nd

    x = nd.random.uniform(shape=(1000, 1000))
    x.wait_to_read()
    times = d2l_timing.time_dot_with_d2l_timer(x, rounds=3)
    assert len(times.unwaited) == len(times.waited) == 3
    assert times.waited.median > times.unwaited.median
