"""A right answer written another way: the call timed alone and with ten products of 1500x1500 queued ahead of it, each twice, the quicker kept; it waits when the queue lengthened the call by more than half the queue's own time."""

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
import math


def waits_for_back_end(work):
    def quickest_call():
        best = math.inf
        for _ in range(2):
            nd.waitall()
            start = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - start)
            nd.waitall()
        return best

    alone = quickest_call()
    m = nd.random.uniform(shape=(1500, 1500))
    nd.waitall()
    start = time.perf_counter()
    for _ in range(10):
        nd.dot(m, m)
    nd.waitall()
    queue = time.perf_counter() - start
    best = math.inf
    for _ in range(2):
        pending = [nd.dot(m, m) for _ in range(10)]
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
        nd.waitall()
        del pending
    return best - alone > 0.5 * queue
