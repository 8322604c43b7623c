"""busy_ms never profiles: it swaps nd.dot and nd.waitall for timing wrappers in one tuple assignment while fn runs
and adds up each round from its first product to its wait, the check's rounds read off fn
(busy-wall-minus-hooked-calls by another road): 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-busy-ms
import time


def busy_ms(fn):
    marks = {"start": None, "busy": 0.0}
    dot, waitall = nd.dot, nd.waitall

    def timed_dot(*args, **kwargs):
        if marks["start"] is None:
            marks["start"] = time.perf_counter()
        return dot(*args, **kwargs)

    def timed_waitall():
        waitall()
        if marks["start"] is not None:
            marks["busy"] += time.perf_counter() - marks["start"]
            marks["start"] = None

    nd.dot, nd.waitall = timed_dot, timed_waitall
    try:
        fn()
    finally:
        nd.dot, nd.waitall = dot, waitall
    timed_waitall()  # the round fn returns without waiting for
    return 1e3 * marks["busy"]
