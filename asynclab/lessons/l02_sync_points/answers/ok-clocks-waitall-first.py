"""A right answer: waits for everything queued before the first clock starts, then times both versions
as the colleague did."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-fair-clocks
def compare(x):
    nd.waitall()  # whatever the program queued before the call is neither version's work
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
