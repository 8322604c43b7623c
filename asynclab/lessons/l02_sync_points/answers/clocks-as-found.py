"""Hands in the comparison as it was found: each clock stops once its results exist, but the serial clock
starts while the matrix the program prepared just before the call is still being computed."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 0,
}

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
    nd.waitall()
    chunked = time.perf_counter() - start
    return serial, chunked
