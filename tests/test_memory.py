"""memory: rss_mb and PeakMemory see a known allocation."""

import numpy as np
import pytest

from asynclab.foundation import memory


@pytest.mark.measured
def test_rss_is_positive():
    assert memory.rss_mb() > 1


@pytest.mark.measured
def test_peak_memory_sees_a_200_mb_allocation():
    with memory.PeakMemory(interval=0.002) as pm:
        block = np.ones(25_000_000)  # 200 MB of float64, every page written
        block.sum()
        del block
    trace = pm.trace
    assert trace is not None
    # 200 MB appear and go; the rest of the process may free tens of MB meanwhile
    assert trace.increase >= 150, str(trace)
    assert trace.increase < 400, str(trace)
    assert trace.peak >= trace.baseline and trace.peak >= trace.end
    assert len(trace.times) == len(trace.values) >= 2
    assert list(trace.times) == sorted(trace.times)


def test_peak_memory_rejects_bad_interval():
    with pytest.raises(ValueError):
        memory.PeakMemory(interval=0)
