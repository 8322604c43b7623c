"""peak_increase reads the resident memory before and after fn, with no sampler."""

EXPECT = {"peak-increase": 0, "front-returns-early": 2, "sync-bounds-memory": 2, "sync-every-k": 3}


# %% ex1-peak-increase
from asynclab.foundation.memory import rss_mb


def peak_increase(fn):
    before = rss_mb()
    fn()
    return rss_mb() - before
