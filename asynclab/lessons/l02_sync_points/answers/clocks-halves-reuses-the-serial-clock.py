"""compare times the one product right (it waits for the result), and returns that same figure for the two halves, which it never times: "both versions do the same arithmetic"."""

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
    x.wait_to_read()
    start = time.perf_counter()
    whole = nd.dot(x, x)
    whole.wait_to_read()
    serial = time.perf_counter() - start
    # the same arithmetic in two halves: the same time, no need to run it again
    return serial, serial
