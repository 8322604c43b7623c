"""A right answer written differently: the peak above the start, sampled by PeakMemory while the result is made."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex4-memory-of
from asynclab.foundation.memory import PeakMemory


def memory_of(make):
    nd.waitall()
    with PeakMemory() as pm:
        result = make()
        nd.waitall()
    del result
    return pm.trace.peak - pm.trace.baseline
