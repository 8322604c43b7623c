"""predict_lagged_seconds takes the back end's chain as n runs and the last wait (n t2 + t3), forgetting that the
back end cannot start before the front end has issued the first operation (t1): a mistake at the start of the
loop. On 12 operations it is 0.3-2% off; on the check's loop of two operations, where the first issue is a large
share of the time, 16-21%."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    back_end = n * t2 + t3
    front_end = n * t1 + (n - k) * t3 + max(t2, t3)
    return max(back_end, front_end)
