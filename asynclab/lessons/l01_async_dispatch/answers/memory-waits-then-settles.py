"""memory_of waits for the work, then sleeps a little more "to let the memory settle": the figures are right, but it returns half a second after the work was done, which a sleep sized for the check's delays would too."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex4-memory-of
from asynclab.foundation.memory import rss_mb


def memory_of(make):
    nd.waitall()
    before = rss_mb()
    result = make()
    nd.waitall()
    time.sleep(0.6)
    added = rss_mb() - before
    del result
    return added
