"""Printed tables of lessons 02 and 03 stay comparable under nbval's number masking.

nbval masks decimal numbers (tests/sanitize.cfg) but not the spaces around
them, so no number may be padded to a width: the same table printed with
other measurements must be identical once its numbers are masked.
"""

import re

from asynclab.foundation.timing import summarize
from asynclab.lessons.l02_sync_points import syncpoints
from asynclab.lessons.l03_async_speed import models
from asynclab.lessons.l03_async_speed.loops import Sweep

DECIMAL = re.compile(r"[-+]?\d+(\.\d*)?[eE][-+]?\d+|[-+]?\d+\.\d+")


def masked(text: str) -> str:
    return DECIMAL.sub("<NUM>", text)


def test_sync_table_text_does_not_depend_on_the_size_of_the_numbers():
    def table(scale):
        timings = [
            syncpoints.SyncTiming("y.asnumpy()", summarize([1e-4 * scale]), summarize([0.012 * scale])),
            syncpoints.SyncTiming("y.shape", summarize([2e-4]), summarize([9e-6 * scale]), False),
        ]
        return syncpoints.format_table(timings, 0.012 * scale)

    assert masked(table(1)) == masked(table(97.3))


def test_sweep_table_text_does_not_depend_on_the_size_of_the_numbers():
    def table(scale):
        return Sweep((50, 800), (0.004 * scale, 0.05), (0.001, 0.009 * scale), (0.001, 0.009), 3).table()

    assert masked(table(1)) == masked(table(123.4))


def test_costs_and_step_timer_text_does_not_depend_on_the_size_of_the_numbers():
    ns = [50, 100, 200]

    def costs(scale):
        return str(
            models.estimate_costs(
                ns,
                [n * 7e-5 * scale for n in ns],
                [n * 2e-5 for n in ns],
                [n * 1.1e-5 * scale for n in ns],
                t2=2e-6 * scale,
            )
        )

    assert masked(costs(1)) == masked(costs(250.0))

    def steps(scale):
        timer = syncpoints.StepTimer()
        timer._samples = {"a = np.dot(x, x)": [0.004 * scale], "v = loss.item()": [0.064]}
        return timer.table()

    assert masked(steps(1)) == masked(steps(31.7))
