"""work_seconds times a fixed sleep that is 'surely long enough' for the work, not the work."""

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
    time.sleep(0.2)  # the work is done by then
    return time.perf_counter() - start
