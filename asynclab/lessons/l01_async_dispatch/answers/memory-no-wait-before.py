"""memory_of waits for the work after make() but takes its first reading while earlier work is still queued."""

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
    before = rss_mb()
    result = make()
    nd.waitall()
    added = rss_mb() - before
    del result
    return added
