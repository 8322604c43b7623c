"""Tells the two regimes apart by the steady state alone (t2 >= t1 + t3: the back end sets the pace): right where one side clearly leads, far too short when the back end falls behind during the first k issues and never catches up."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    if t2 >= t1 + t3:
        return t1 + n * t2 + t3
    return n * t1 + (n - k) * t3 + max(t2, t3)
