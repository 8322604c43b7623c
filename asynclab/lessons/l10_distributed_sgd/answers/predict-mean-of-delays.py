"""Uses the mean delay, as if a round waited for the average worker."""

EXPECT = {"predict-sync-time": 0}


# %% ex3-predict-sync-time
def predict_sync_seconds(steps, delays, overhead):
    return steps * (sum(delays) / len(delays) + overhead)
