"""memory_of waits, but drops the result first: the back end frees it as soon as it has made it, and only what make() kept is counted."""

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
    make()
    nd.waitall()
    return rss_mb() - before
