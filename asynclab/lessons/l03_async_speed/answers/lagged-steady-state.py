"""The steady state alone: every pass costs the slower of the back end's t2 and the front end's t1 + t3, with no start and no end."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return n * max(t2, t1 + t3)
