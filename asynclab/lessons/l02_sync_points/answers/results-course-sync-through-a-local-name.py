"""result_seconds flattens the results itself and waits for each leaf with the course's mxb.sync, reached through a
local name for the module (backend = mxb), as results-course-sync-per-array does by name: 0."""

EXPECT = {"waits-for-results": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
from asynclab.foundation.backends import mxnet as mxb


def leaves(value):
    if isinstance(value, dict):
        return leaves(list(value.values()))
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in leaves(item)]
    return [value]


def result_seconds(step):
    backend = mxb
    start = time.perf_counter()
    for leaf in leaves(step()):
        if not isinstance(leaf, (int, float, str)):
            backend.sync(leaf)
    return time.perf_counter() - start
