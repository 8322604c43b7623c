"""result_seconds flattens the results itself but waits with the course's mxb.sync, a course function that does the waiting: it earns nothing."""

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


def flatten(value):
    if isinstance(value, dict):
        return flatten(list(value.values()))
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in flatten(item)]
    return [value]


def result_seconds(step):
    start = time.perf_counter()
    for leaf in flatten(step()):
        if not isinstance(leaf, (int, float, str)):
            mxb.sync(leaf)
    return time.perf_counter() - start
