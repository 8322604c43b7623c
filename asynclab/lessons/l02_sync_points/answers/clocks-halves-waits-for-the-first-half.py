"""Fixes the serial clock but stops the halves clock once the first half exists: the second half is still being computed, so the halves clock reads about half the product, inside the check's 2.5x window."""

EXPECT = {"fair-clocks": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-fair-clocks
def compare(x):
    n = x.shape[0]
    start = time.perf_counter()
    whole = nd.dot(x, x)
    whole.wait_to_read()
    serial = time.perf_counter() - start
    start = time.perf_counter()
    halves = [nd.dot(x[: n // 2], x), nd.dot(x[n // 2 :], x)]
    halves[0].wait_to_read()
    chunked = time.perf_counter() - start
    return serial, chunked
