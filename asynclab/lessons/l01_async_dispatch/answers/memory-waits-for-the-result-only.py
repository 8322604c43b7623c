"""memory_of waits for the array make() returned, not for all the work make() queued, so the rest is missed."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex4-memory-of
from asynclab.foundation.memory import rss_mb


def memory_of(make):
    nd.waitall()
    before = rss_mb()
    result = make()
    result.wait_to_read()
    return rss_mb() - before
