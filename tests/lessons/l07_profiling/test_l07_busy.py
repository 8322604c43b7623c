"""Lab 07's busy-across-devices: the rounds its fn runs, and bad answers refused with one sentence."""

import pytest

from asynclab.checks import CheckFailed
from asynclab.lessons.l07_profiling import checks as lab07


def test_apart_puts_one_product_on_one_device_at_a_time_twice_on_each_and_the_last_on_one():
    orders, lasts = set(), set()
    for _ in range(50):
        waited, last = lab07._rounds("apart")
        assert sorted(waited) == sorted([((d, "one", 1),) for d in range(3)] * 2)
        assert len(last) == 1 and last[0] in range(3)  # the round fn returns without waiting for
        orders.add(tuple(waited))
        lasts.add(last)
    assert len(orders) > 1 and len(lasts) > 1  # drawn


def test_together_nests_each_devices_products_once_runs_all_three_at_once_and_ends_on_all_three():
    orders = set()
    for _ in range(50):
        waited, last = lab07._rounds("together")
        nested = [parts for parts in waited if len(parts) == 2]
        at_once = [parts for parts in waited if len(parts) == 3]
        assert len(nested) == 3 and at_once == [((0, "one", 1), (1, "one", 1), (2, "one", 1))] * 3
        # each device computes the long product once and the short chain once, beside another device's
        assert sorted(long[0] for long, _ in nested) == [0, 1, 2]
        assert sorted(chain[0] for _, chain in nested) == [0, 1, 2]
        for (device, kind, count), (other, chain_kind, pieces) in nested:
            assert (kind, count, chain_kind, pieces) == ("long", 1, "short", lab07.BUSY_NEST["pieces"])
            assert other != device
        assert last == (0, 1, 2)
        orders.add(tuple(waited))
    assert len(orders) > 1


def _totals_over_busy(mix: str) -> float:
    """The operators' totals added up (the colleague's figure) over the busy time, in lone products' work, for
    the rounds of ``mix``: each round's products added up against its busiest device's."""
    each = {"one": 1.0, "long": lab07.BUSY_NEST["long"], "short": lab07.BUSY_NEST["chain"] / lab07.BUSY_NEST["pieces"]}
    waited, last = lab07._rounds(mix)
    rounds = [*waited, tuple((d, "one", 1) for d in last)]
    counted = sum(each[kind] * count for parts in rounds for _, kind, count in parts)
    return counted / sum(lab07._work(parts) for parts in rounds)


def test_no_one_divisor_of_the_operators_totals_fits_both_mixes():
    apart, together = _totals_over_busy("apart"), _totals_over_busy("together")
    assert apart == 1.0
    # the largest divisor that keeps apart's reading in is below the smallest that brings together's in
    assert apart / lab07.BUSY_LOW < 0.8 * (together / lab07.BUSY_HIGH)


def test_a_nested_rounds_chain_is_shorter_than_its_long_product():
    # every short span must lie inside the long one, or a merge with the previous span only reads right
    assert lab07.BUSY_NEST["chain"] <= 0.7 * lab07.BUSY_NEST["long"]
    assert lab07.BUSY_NEST["pieces"] >= 8  # all but the first counted again: most of the chain
    sides = lab07._sides(1000)
    assert sides["one"] == 1000 and sides["short"] < sides["one"] < sides["long"]
    assert lab07._work(((0, "long", 1), (1, "short", lab07.BUSY_NEST["pieces"]))) == lab07.BUSY_NEST["long"]
    assert lab07._work(((2, "one", 1),)) == 1.0


#: the waited rounds' share of all the rounds' time, at least: in apart six lone products against one; in
#: together three nested rounds (3-4 lone products' time each) and three rounds of three products at once
#: against one such round (1.5-2 lone products' time on two cores)
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


def test_no_typed_in_figure_fits_both_fns_busy_times():
    # the rounds that run together get the larger side: at the closest sides their busy time is still over
    # twice the window's width (1.1 / 0.8) above the rounds that run apart
    def busy(mix: str, side: int) -> float:
        waited, last = lab07._rounds(mix)
        return (sum(lab07._work(parts) for parts in waited) + 1) * side**3

    apart, together = lab07.BUSY_SIZES
    closest = busy("together", together[0]) / busy("apart", apart[1] - 1)
    assert closest > 2 * lab07.BUSY_HIGH / lab07.BUSY_LOW, closest
