"""Lab 07's busy-across-devices: the rounds its fn runs, and bad answers refused with one sentence."""

import pytest

from asynclab.checks import CheckFailed
from asynclab.lessons.l07_profiling import checks as lab07


def test_the_rounds_put_every_device_alone_once_and_nest_each_devices_products_once_then_all_together_last():
    orders = set()
    for _ in range(50):
        waited, last = lab07._rounds()
        lone = sorted(parts for parts in waited if len(parts) == 1)
        nested = [parts for parts in waited if len(parts) == 2]
        assert lone == [((0, "one", 1),), ((1, "one", 1),), ((2, "one", 1),)]
        # each device computes the long product once and the short chain once, beside another device's
        assert sorted(long[0] for long, _ in nested) == [0, 1, 2]
        assert sorted(chain[0] for _, chain in nested) == [0, 1, 2]
        for (device, kind, count), (other, chain_kind, pieces) in nested:
            assert (kind, count, chain_kind, pieces) == ("long", 1, "short", lab07.BUSY_NEST["pieces"])
            assert other != device
        assert last == (0, 1, 2)  # the round fn returns without waiting for
        orders.add(tuple(waited))
    assert len(orders) > 1  # the order is drawn


def test_a_nested_rounds_chain_is_shorter_than_its_long_product():
    # every short span must lie inside the long one, or a merge with the previous span only reads right
    assert lab07.BUSY_NEST["chain"] <= 0.7 * lab07.BUSY_NEST["long"]
    assert lab07.BUSY_NEST["pieces"] >= 8  # all but the first counted again: most of the chain
    sides = lab07._sides(1000)
    assert sides["one"] == 1000 and sides["short"] < sides["one"] < sides["long"]
    assert lab07._work(((0, "long", 1), (1, "short", lab07.BUSY_NEST["pieces"]))) == lab07.BUSY_NEST["long"]
    assert lab07._work(((2, "one", 1),)) == 1.0


#: the waited rounds' share of all the rounds' time, at least: three lone products and three nested rounds
#: (3-4 lone products' time each) against three products at once on two cores (1.5-2 lone products' time)
WAITED = 0.5


def test_no_one_divisor_of_the_wall_time_fits_both_fns():
    short, long = lab07.BUSY_BREAKS["short"], lab07.BUSY_BREAKS["long"]
    # fn's wall over the rounds' time is 1 + the waited rounds' share times what follows each of them
    short_most = 1 + short["pause"][1] + short["sleep"][1]
    long_least = 1 + WAITED * (long["pause"][0] + long["sleep"][0])
    most = short_most / lab07.BUSY_LOW  # the largest divisor that keeps the short fn's reading in
    least = long_least / lab07.BUSY_HIGH  # the smallest that brings the long fn's reading in
    assert most < least


def test_the_long_fns_sleeps_put_wall_less_cpu_time_above_the_window():
    # both ends idle while fn sleeps: wall time less the front end's CPU time counts every sleep as busy
    assert 1 + WAITED * lab07.BUSY_BREAKS["long"]["sleep"][0] > lab07.BUSY_HIGH


def test_the_short_fns_work_beside_the_products_ends_before_them():
    # a lone product's time, measured just before: the work must leave the back end busy until the wait
    low, high = lab07.BUSY_BREAKS["short"]["overlap"]
    assert 0 < low <= high <= 0.6
    assert lab07.BUSY_BREAKS["long"]["overlap"] == (0.0, 0.0)


@pytest.mark.measured
@pytest.mark.untimed  # the answers are refused before anything is timed against a threshold
@pytest.mark.parametrize(
    "busy_ms, words",
    [
        (lambda fn: (fn(), "fast")[1], "must return milliseconds (a number), not str"),
        (lambda fn: (fn(), fn(), 1.0)[2], "must call fn() once; it called it 2 times"),
        (
            lambda fn: (fn(), __import__("mxnet").profiler.dumps(), 1.0)[2],
            "busy_ms called profiler.dumps() after fn() returned and before nd.waitall()",
        ),
    ],
)
def test_bad_answers_get_one_sentence(busy_ms, words):
    with pytest.raises(CheckFailed) as failed:
        lab07.check_busy_across_devices(busy_ms)
    assert words in str(failed.value) and "\n" not in str(failed.value)
