"""Makes the comparison "fair" by taking the wait out of both clocks: now neither times any work."""

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
    serial = time.perf_counter() - start
    start = time.perf_counter()
    halves = [nd.dot(x[: n // 2], x), nd.dot(x[n // 2 :], x)]
    chunked = time.perf_counter() - start
    nd.waitall()
    return serial, chunked
