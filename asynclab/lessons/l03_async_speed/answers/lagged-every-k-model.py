"""Lesson 03's loop that waits after every k-th operation, taken for the lagged loop: a wait per group of k, where the lagged loop waits after every operation."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    return n / k * (k * max(t1, t2) + min(t1, t2) + t3)
