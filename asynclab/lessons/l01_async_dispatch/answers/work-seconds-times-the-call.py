"""work_seconds stops the clock without synchronizing: it times the queueing, not the work."""

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
    work()
    return time.perf_counter() - start
