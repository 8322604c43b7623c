"""Right answer written differently: fn and a wait for everything MXNet still has to compute, in a helper of its own, inside the PeakMemory block."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
def run_and_finish(fn):
    fn()
    nd.waitall()


def peak_increase(fn):
    with PeakMemory() as pm:
        run_and_finish(fn)
    return float(pm.trace.peak - pm.trace.baseline)
