"""A pipeline that never stalls: the slower of issuing and running sets the pace, and the lagged waits are free."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return t1 + n * max(t1, t2) + t3
