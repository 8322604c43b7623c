"""time_sync_call returns (sync_seconds, issue_seconds), the pair in the wrong order."""

EXPECT = {"sync-costs-compute": 0, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-time-sync-call
def time_sync_call(issue, sync):
    """Seconds spent in issue() and, separately, in sync(y) on its result."""
    start = time.perf_counter()
    y = issue()
    issued = time.perf_counter()
    sync(y)
    done = time.perf_counter()
    return done - issued, issued - start
