"""predict_every_seconds ignores k the other way: the time of the loop that waits once at the end."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * max(t1, t2) + min(t1, t2) + t3
