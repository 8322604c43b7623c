"""Right answer written as a choice: it works out which side can never be idle (the back end when its runs outlast the front end's issues and waits, or when the first k issues outpace it) and returns that side's chain."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    back_end = t1 + n * t2 + t3
    front_end = n * t1 + (n - k) * t3 + max(t2, t3)
    if back_end >= front_end:  # the back end never waits for an issue
        return back_end
    return front_end
