"""peak_increase returns the absolute peak instead of the rise above the start."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
def peak_increase(fn):
    with PeakMemory() as pm:
        fn()
    return pm.trace.peak
