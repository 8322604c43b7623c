"""Right answer: adds up the rounds one by one, each the slowest worker's delay plus the overhead."""

EXPECT = {"predict-sync-time": 2}


# %% ex3-predict-sync-time
def predict_sync_seconds(steps, delays, overhead):
    total = 0.0
    for _ in range(steps):
        total += sorted(delays)[-1] + overhead
    return total
