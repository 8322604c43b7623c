"""peak_increase reports the memory left when fn returns, not the peak."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
def peak_increase(fn):
    with PeakMemory() as pm:
        fn()
    return pm.trace.end - pm.trace.baseline
