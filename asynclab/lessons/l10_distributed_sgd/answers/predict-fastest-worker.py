"""Uses the fastest worker's delay, which is the asynchronous fast worker's pace."""

EXPECT = {"predict-sync-time": 0}


# %% ex3-predict-sync-time
def predict_sync_seconds(steps, delays, overhead):
    return steps * (min(delays) + overhead)
