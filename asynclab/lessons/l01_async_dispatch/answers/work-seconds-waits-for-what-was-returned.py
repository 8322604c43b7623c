"""work_seconds waits for the array work() returned, and for everything only when nothing was returned: the work left running on another device is not waited for."""

EXPECT = {
    "overlaps-the-read": 2,
    "timing-includes-compute": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-work-seconds
def work_seconds(work):
    nd.waitall()
    start = time.perf_counter()
    result = work()
    if result is None:
        nd.waitall()
    else:
        result.wait_to_read()
    return time.perf_counter() - start
