"""memory_of sleeps a set time instead of waiting for the work: long enough for the check's longest delays, so its figures are right, but it calls make() and returns about a second after the work it waits for at the size whose delays are short."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex4-memory-of
from asynclab.foundation.memory import rss_mb


def memory_of(make):
    time.sleep(1.6)  # the earlier work is surely done by now
    before = rss_mb()
    result = make()
    time.sleep(2.0)  # and so is make()'s
    added = rss_mb() - before
    del result
    return added
