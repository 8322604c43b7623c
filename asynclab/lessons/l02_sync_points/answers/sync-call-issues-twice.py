"""time_sync_call calls issue() twice and times nothing."""

EXPECT = {"sync-costs-compute": 0, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}


# %% ex1-time-sync-call
def time_sync_call(issue, sync):
    issue()
    sync(issue())
    return 0.0, 0.0
