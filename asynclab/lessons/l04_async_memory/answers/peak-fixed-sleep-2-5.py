"""Sleeps a fixed 2.5 s after fn returns instead of waiting for the work fn queued: the peak is seen only
when the work started within the sleep, and the call returns long after the work when it started early.
Found by a review with time.sleep(1.0) (2/2); the queued work now starts after a delay drawn per round
(about 0.2, 1.1 or 2 s, one each), and peak_increase must return within 0.3 s of its end."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
import time


def peak_increase(fn):
    with PeakMemory() as pm:
        fn()
        time.sleep(2.5)  # long enough for what fn queued to run
    return pm.trace.peak - pm.trace.baseline
