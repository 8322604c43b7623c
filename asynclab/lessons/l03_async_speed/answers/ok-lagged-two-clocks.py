"""Right answer with a bound per side: the back end's chain (the first issue, every run, the last round trip) against the front end's (every issue, every lagged wait, the last operation's run or wait, the last round trip); the loop takes the longer (exact wherever one side clearly sets the pace, as on the check's devices)."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    back_end = t1 + n * t2 + t3
    front_end = n * t1 + (n - k) * t3 + max(t2, t3)
    return max(back_end, front_end)
