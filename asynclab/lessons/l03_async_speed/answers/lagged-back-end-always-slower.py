"""Takes the back end for the bottleneck on every device: right when t2 >= t1 + t3, far too short when the waits hold the front end up."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return t1 + n * t2 + t3
