"""A call waits when nothing is left for the back end once it returns: a work busy on the front end or asleep until its product is done reads as waiting."""

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
def waits_for_back_end(work):
    nd.waitall()
    work()
    start = time.perf_counter()
    nd.waitall()
    left = time.perf_counter() - start
    return left < 0.002
