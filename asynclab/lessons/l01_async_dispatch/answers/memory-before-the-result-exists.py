"""memory_of subtracts two readings but takes the second before the back end has done the work."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.


# %% ex4-memory-of
from asynclab.foundation.memory import rss_mb


def memory_of(make):
    before = rss_mb()
    result = make()
    return rss_mb() - before
