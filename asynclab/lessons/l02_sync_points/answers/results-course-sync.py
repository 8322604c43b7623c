"""result_seconds hands the whole result to the course's mxb.sync, which takes an array or a list or tuple of arrays, not dicts, strings or numbers."""

EXPECT = {
    "waits-for-results": 0,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
from asynclab.foundation.backends import mxnet as mxb


def result_seconds(step):
    start = time.perf_counter()
    mxb.sync(step())
    return time.perf_counter() - start
