"""peak_increase reads the resident memory before and after fn, with no sampler."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}


# %% ex1-peak-increase
from asynclab.foundation.memory import rss_mb


def peak_increase(fn):
    before = rss_mb()
    fn()
    return rss_mb() - before
