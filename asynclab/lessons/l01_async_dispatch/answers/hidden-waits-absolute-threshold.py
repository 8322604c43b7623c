"""waits_for_back_end queues about one second of products ahead of the work and calls it a wait when the call took
more than half a second: a fixed threshold in seconds, not one relative to the work's own time. A work that keeps the
front end busy (or asleep) for more than half a second without ever waiting is called waiting, against the step's
"however long its own work on the front end lasts". It passed while the check's front-bound works lasted 1-1.5x a
30-90 ms product; one of them now sleeps 0.6-0.8 s."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
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
    """True when calling work() makes the front end wait for the back end before it returns."""
    block = nd.ones((1200, 1200))
    nd.waitall()
    start = time.perf_counter()
    nd.dot(block, block).wait_to_read()
    one = time.perf_counter() - start
    ahead = [nd.dot(block, block) for _ in range(math.ceil(1.0 / one))]  # about a second of work queued
    start = time.perf_counter()
    work()
    call = time.perf_counter() - start
    nd.waitall()
    del ahead
    return call > 0.5  # a call that waits sits behind the queue; one that does not returns long before
