"""The first idea the step warns of: a call waits when it takes most of the time until its work is done. A work busy on the front end for as long as its product takes reads as waiting."""

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
    start = time.perf_counter()
    work()
    call = time.perf_counter() - start
    nd.waitall()
    whole = time.perf_counter() - start
    return call > 0.5 * whole
