"""predict_every_seconds pays the pipeline's start per group but no round trip at the waits."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * max(t1, t2) + n / k * min(t1, t2)
