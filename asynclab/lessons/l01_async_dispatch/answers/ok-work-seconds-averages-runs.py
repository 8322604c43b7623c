"""A right answer written another way: three runs with time.perf_counter, a wait for everything after each, the median returned."""

EXPECT = {
    "overlaps-the-read": 2,
    "timing-includes-compute": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-work-seconds
import statistics


def work_seconds(work):
    times = []
    for _ in range(3):
        nd.waitall()
        start = time.perf_counter()
        work()
        nd.waitall()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
