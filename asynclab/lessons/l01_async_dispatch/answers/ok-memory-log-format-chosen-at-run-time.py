"""A right memory_of (the difference of two readings, every queued work waited for before each) that keeps a debug
line, off by default, whose format string is picked at run time by the figure's size: `("..." + unit).format(x)`,
unit chosen between two written-out formats. Every field of such a string is in the parts as written, and none
reads an attribute: the judge takes it as plain."""

EXPECT = {
    "overlaps-the-read": 2,
    "predict-blocking": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex4-memory-of
from asynclab.foundation.memory import rss_mb

VERBOSE = False


def memory_of(make):
    nd.waitall()  # work queued before the call is not make()'s
    start = rss_mb()
    kept = make()
    nd.waitall()  # make()'s arrays exist only once its work has run
    grown = rss_mb() - start
    if VERBOSE:
        unit = "{:.1f} MB" if grown >= 1 else "{:.3f} MB"
        print(("make() added " + unit).format(grown))
    del kept
    return grown
