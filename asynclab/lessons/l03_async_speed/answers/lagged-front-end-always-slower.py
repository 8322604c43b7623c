"""Takes the front end and its waits for the bottleneck on every device: right when t2 < t1 + t3, too short when the back end is slower."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return n * t1 + (n - k) * t3 + max(t2, t3)
