"""Counts a whole round trip for every operation, the first k included, and the last operation's run once."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return n * t1 + n * t3 + t2
