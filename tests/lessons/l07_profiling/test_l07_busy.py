"""Lab 07's busy-across-devices: the rounds its fn runs, and bad answers refused with one sentence."""

import pytest

from asynclab.checks import CheckFailed
from asynclab.lessons.l07_profiling import checks as lab07


def test_the_rounds_put_every_device_alone_once_and_all_together_once():
    orders = set()
    for _ in range(50):
        rounds = lab07._rounds()
        assert sorted(rounds) == [(0,), (0, 1, 2), (1,), (2,)]
        orders.add(tuple(rounds))
    assert len(orders) > 1  # the order is drawn


def test_no_one_divisor_of_the_wall_time_fits_both_pauses():
    (short_low, short_high), (long_low, long_high) = lab07.BUSY_PAUSES
    most = (1 + short_high) / lab07.BUSY_LOW  # the largest divisor that keeps the short pauses' reading in
    least = (1 + long_low) / lab07.BUSY_HIGH  # the smallest that brings the long pauses' reading in
    assert most < least


@pytest.mark.measured
@pytest.mark.untimed  # the answers are refused before anything is timed against a threshold
@pytest.mark.parametrize(
    "busy_ms, words",
    [
        (lambda fn: (fn(), "fast")[1], "must return milliseconds (a number), not str"),
        (lambda fn: (fn(), fn(), 1.0)[2], "must call fn() once; it called it 2 times"),
    ],
)
def test_bad_answers_get_one_sentence(busy_ms, words):
    with pytest.raises(CheckFailed) as failed:
        lab07.check_busy_across_devices(busy_ms)
    assert words in str(failed.value) and "\n" not in str(failed.value)
