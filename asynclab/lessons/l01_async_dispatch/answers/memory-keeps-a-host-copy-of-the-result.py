"""Wrong: memory_of waits for the result by fetching its values (asnumpy) and keeps that NumPy copy alive while it
takes the second reading, so its figure counts memory memory_of itself holds (the returned array's size again) on top
of make()'s: 1.42x-1.59x at the small size. From a red team; it scored 2 in 2 runs of 3 under a 1.5x window."""

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
    """MB that calling make() adds to this process, once all the work it queued is done."""
    nd.waitall()
    before = rss_mb()
    result = make()
    values = result.asnumpy()  # wait for the result by reading it
    nd.waitall()  # and for the rest of make()'s work
    added = rss_mb() - before
    del result, values
    return added
