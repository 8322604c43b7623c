"""The loop that waits once at the end: the lagged waits cost nothing."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return n * max(t1, t2) + min(t1, t2) + t3
