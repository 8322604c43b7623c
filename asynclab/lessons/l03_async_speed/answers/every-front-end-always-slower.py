"""predict_every_seconds takes the front end as the slower half whatever the costs: right only where t1 > t2."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    return n * t1 + n / k * (t2 + t3)
