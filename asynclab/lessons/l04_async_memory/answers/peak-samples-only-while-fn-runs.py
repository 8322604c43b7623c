"""peak_increase samples the memory (PeakMemory) only while fn() runs, then waits for what fn queued and reads
the memory once more, returning the larger of the sampled peak and that last reading above the start. Wrong:
the peak of the queued work is never sampled; work queued by fn that makes a temporary and frees it before it
finishes peaks while the answer waits and leaves nothing at the end. The check's queued function does exactly
that (a temporary of 110 or 330 MB, held 0.5 s and freed by MXNet), so this reads its 60 MB only: 0.15x-0.39x."""

EXPECT = {"peak-increase": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
import psutil


def peak_increase(fn):
    """Run fn() and return its peak resident memory above the start, in MB."""
    with PeakMemory() as pm:
        fn()  # the sampler watches fn while it runs
    nd.waitall()  # what fn only queued is made now; once it is, the memory shows it
    end = psutil.Process().memory_info().rss / 1e6
    return max(pm.trace.peak, end) - pm.trace.baseline
