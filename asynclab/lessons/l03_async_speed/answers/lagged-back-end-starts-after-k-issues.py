"""The back end's chain starts late: it waits until the first k operations are queued (k t1 + n t2 + t3),
where it starts with the first issue. The front end's chain is right. Off by k - 1 issues, which is a small
share of a long loop but most of the difference in a short loop whose issues are costly: wrong."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    back_end = k * t1 + n * t2 + t3  # the back end waits until k operations are queued
    front_end = n * t1 + (n - k) * t3 + max(t2, t3)
    return max(back_end, front_end)
