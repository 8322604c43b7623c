"""Every operation waited for before the next is issued, as if the wait were for the operation just issued."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return n * (t1 + t2 + t3)
