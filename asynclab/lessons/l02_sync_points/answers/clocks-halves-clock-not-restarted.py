"""Found by a red team (round 15). compare fixes the serial clock (it stops once the whole product exists) but
never restarts the clock before the halves: the halves' figure is the time since the serial product began, the
whole product and both halves, about twice the halves' own time, and the halves look twice as slow as one
product. It waits for the prepared matrix first. It scored 2 (halves 2.00x-2.16x, inside the 2.5x window); the
check now asks both clocks to read within 1.4x of each other."""

EXPECT = {"fair-clocks": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-fair-clocks
def compare(x):
    x.wait_to_read()
    n = x.shape[0]
    start = time.perf_counter()
    whole = nd.dot(x, x)
    whole.asnumpy()
    serial = time.perf_counter() - start
    halves = [nd.dot(x[: n // 2], x), nd.dot(x[n // 2 :], x)]
    nd.waitall()
    chunked = time.perf_counter() - start
    return serial, chunked
