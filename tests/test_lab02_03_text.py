"""Printed tables of lessons 02 and 03 stay comparable under nbval's number masking.

nbval masks decimal numbers with the spaces around them (tests/sanitize.cfg, read here): the same
table printed with other measurements must be identical once its numbers are masked.
"""

import configparser
import re
from pathlib import Path

from asynclab.foundation.timing import Samples, summarize
from asynclab.lessons.l02_sync_points import scope, syncpoints
from asynclab.lessons.l03_async_speed import models
from asynclab.lessons.l03_async_speed.loops import Sweep

_CFG = configparser.ConfigParser()
_CFG.read(Path(__file__).with_name("sanitize.cfg"), encoding="utf-8")
MASKS = [(re.compile(_CFG[name]["regex"]), _CFG[name]["replace"]) for name in _CFG.sections()]


def masked(text: str) -> str:
    for regex, replace in MASKS:
        text = regex.sub(replace, text)
    return text


def test_a_table_whose_figures_gain_a_digit_masks_the_same():
    """Lesson 02's table of waits: a run whose waits took 64.59 ms and one whose took 9.87 ms (a
    make test run saw the column shift by a space under the former masking)."""

    def table(ms: float) -> str:
        waits = {(d, w): Samples((ms / 1e3,) * 3) for d in scope.DEVICES for w in scope.WAITS}
        return scope.WaitScope(waits, Samples((5e-4,) * 3), Samples((ms / 1e3,) * 3)).table()

    assert masked(table(64.59)) == masked(table(9.87))
    assert masked("y    64.59   ms") == masked("y 9.87 ms")


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
