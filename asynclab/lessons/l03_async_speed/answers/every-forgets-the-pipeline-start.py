"""predict_every_seconds pays a round trip per wait but forgets that each group starts the pipeline again."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * max(t1, t2) + n / k * t3
