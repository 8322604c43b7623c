"""Takes the unfairness for a warm-up that the first version pays, and times the halves first: now
the halves' clock is the one that starts while the prepared matrix is still computed."""

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
    halves = [nd.dot(x[: n // 2], x), nd.dot(x[n // 2 :], x)]
    nd.waitall()
    chunked = time.perf_counter() - start
    start = time.perf_counter()
    whole = nd.dot(x, x)
    whole.wait_to_read()
    serial = time.perf_counter() - start
    return serial, chunked
