"""peak_increase returns the peak above the memory at the end instead of above the start."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
def peak_increase(fn):
    """Run fn() and return its peak resident memory above the start, in MB."""
    with PeakMemory() as pm:
        fn()
    return pm.trace.peak - pm.trace.end
