"""predict_every_seconds ignores k: every operation pays issuing, computing and the round trip, as in the loop that waits every time."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * (t1 + t2 + t3)
