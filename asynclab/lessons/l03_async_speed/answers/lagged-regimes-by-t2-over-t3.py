"""Tells the two regimes apart by comparing the run with the round trip (t2 > t3), a rule that happens to split three of the devices right and the fourth wrong."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    if t2 > t3:
        return t1 + n * t2 + t3
    return n * t1 + (n - k) * t3 + max(t2, t3)
