"""predict_staleness answers one update per other worker, as if every worker went at the same pace."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    return len(step_seconds) - 1
