"""Uses the lesson's formula with the largest delay of the whole run: every round priced at its worst hiccup."""

EXPECT = {"predict-sync-time": 0}


# %% ex3-predict-sync-time
def predict_sync_seconds(delays, overhead):
    return len(delays) * (max(max(row) for row in delays) + overhead)
