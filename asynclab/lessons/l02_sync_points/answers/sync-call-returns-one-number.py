"""time_sync_call returns one number instead of the pair (issue seconds, sync seconds)."""

EXPECT = {"sync-costs-compute": 0, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-time-sync-call
def time_sync_call(issue, sync):
    start = time.perf_counter()
    sync(issue())
    return time.perf_counter() - start
