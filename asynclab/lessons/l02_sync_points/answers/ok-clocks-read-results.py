"""A right answer written differently: the prepared matrix is copied to NumPy before either clock starts,
and each clock stops after its result is copied to NumPy."""

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
    x.asnumpy()  # the matrix the program prepared may still be computing: that is neither version's work
    n = x.shape[0]
    start = time.perf_counter()
    nd.dot(x, x).asnumpy()
    serial = time.perf_counter() - start
    start = time.perf_counter()
    top = nd.dot(x[: n // 2], x)
    bottom = nd.dot(x[n // 2 :], x)
    top.wait_to_read()
    bottom.wait_to_read()
    halves = time.perf_counter() - start
    return [serial, halves]
