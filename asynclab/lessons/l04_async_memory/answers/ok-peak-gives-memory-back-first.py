"""A right answer: peak_increase first gives freed memory back, as lesson 04 does before every measurement,
with the lesson's own helper on the module the lab's setup cell imports (`training.release_free_memory()`),
then samples with PeakMemory around fn() and a wait for everything fn queued, exactly as the solution. Giving
memory back is hygiene, not the step's work: the step's text offers the helper, and the check allows it."""

EXPECT = {"peak-increase": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.memory import PeakMemory
from asynclab.lessons.l04_async_memory import training


# %% ex1-peak-increase
def peak_increase(fn):
    """Run fn() and return its peak resident memory above the start, in MB."""
    training.release_free_memory()  # lesson 04: no memory left over from before may hide part of fn's
    with PeakMemory() as pm:
        fn()
        nd.waitall()  # MXNet allocates a result when its operator runs: wait for all fn queued
    return pm.trace.peak - pm.trace.baseline
