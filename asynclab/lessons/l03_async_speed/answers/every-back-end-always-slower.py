"""predict_every_seconds takes the back end as the slower half whatever the costs: right only where t2 > t1."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * t2 + n / k * (t1 + t3)
