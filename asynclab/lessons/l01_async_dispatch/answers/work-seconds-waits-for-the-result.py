"""work_seconds waits for the array work() returned: work that returns nothing breaks it."""

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
    result.wait_to_read()
    return time.perf_counter() - start
