"""A right answer written another way: a long queue of products of its own queued first on cpu(0); the work waits when, once its call has returned, that queue is already done, so that waiting for its last product then takes less than one product's time. Found by a review."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
def waits_for_back_end(work):
    nd.waitall()
    start = time.perf_counter()
    work()
    nd.waitall()
    whole = time.perf_counter() - start
    m = nd.ones((1000, 1000))
    nd.waitall()
    start = time.perf_counter()
    nd.dot(m, m).wait_to_read()
    one = time.perf_counter() - start
    mine = [nd.dot(m, m) for _ in range(int(6 * whole / one) + 2)]
    work()
    start = time.perf_counter()
    mine[-1].wait_to_read()
    left = time.perf_counter() - start
    nd.waitall()
    return left < one
