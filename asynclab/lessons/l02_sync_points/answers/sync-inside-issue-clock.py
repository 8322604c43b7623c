"""time_sync_call synchronizes before the first clock stops, so issuing carries the compute and the sync call nothing."""

EXPECT = {"sync-costs-compute": 0, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-time-sync-call
def time_sync_call(issue, sync):
    start = time.perf_counter()
    y = issue()
    sync(y)
    issued = time.perf_counter()
    sync(y)
    done = time.perf_counter()
    return issued - start, done - issued
