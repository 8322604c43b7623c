"""Right answer: adds up the rounds one by one, each its slowest worker's delay plus the overhead, with sorted()."""

EXPECT = {"predict-sync-time": 2}


# %% ex3-predict-sync-time
def predict_sync_seconds(delays, overhead):
    total = 0.0
    for row in delays:
        total += sorted(row)[-1] + overhead
    return total
