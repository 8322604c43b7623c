"""Right answer: peak_increase measures the peak and returns it as a one-element MXNet array."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd
from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
def peak_increase(fn):
    with PeakMemory() as pm:
        fn()
        nd.waitall()
    return nd.array([pm.trace.peak - pm.trace.baseline])
