"""predict_every_seconds lets nothing overlap inside a group: issuing and computing add up."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * (t1 + t2) + n / k * t3
