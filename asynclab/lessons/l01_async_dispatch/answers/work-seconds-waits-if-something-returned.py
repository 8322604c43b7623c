"""work_seconds waits for what work() returned, when it returned an array: work that wrote into an array is not waited for, and a chain is waited for only up to its first operation."""

EXPECT = {
    "overlaps-the-read": 2,
    "timing-includes-compute": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex2-work-seconds
def work_seconds(work):
    start = time.perf_counter()
    result = work()
    if result is not None:
        result.wait_to_read()
    return time.perf_counter() - start
