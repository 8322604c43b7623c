"""time_sync_call synchronizes on y + 0, a new array, instead of on the result it was handed."""

EXPECT = {"sync-costs-compute": 0, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-time-sync-call
def time_sync_call(issue, sync):
    start = time.perf_counter()
    y = issue()
    issued = time.perf_counter()
    sync(y + 0)
    return issued - start, time.perf_counter() - issued
