"""Waits each round for the fastest worker, the asynchronous fast worker's pace."""

EXPECT = {"predict-sync-time": 0}


# %% ex3-predict-sync-time
def predict_sync_seconds(delays, overhead):
    return sum(min(row) + overhead for row in delays)
