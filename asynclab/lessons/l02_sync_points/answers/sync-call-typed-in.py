"""time_sync_call calls issue and sync but returns typed-in numbers instead of its measurements."""

EXPECT = {"sync-costs-compute": 0, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}


# %% ex1-time-sync-call
def time_sync_call(issue, sync):
    sync(issue())
    return 0.0001, 0.01
