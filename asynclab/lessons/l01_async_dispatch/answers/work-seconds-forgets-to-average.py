"""work_seconds runs the work five times to be precise but returns the total, not the time of one."""

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
    runs = 5
    nd.waitall()
    start = time.perf_counter()
    for _ in range(runs):
        work()
    nd.waitall()
    return time.perf_counter() - start
