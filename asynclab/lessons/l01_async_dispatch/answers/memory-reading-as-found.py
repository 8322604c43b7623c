"""memory_of returns the resident memory of the whole process instead of what the result added to it."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}


# %% ex4-memory-of
from asynclab.foundation.memory import rss_mb


def memory_of(make):
    result = make()
    return rss_mb()
