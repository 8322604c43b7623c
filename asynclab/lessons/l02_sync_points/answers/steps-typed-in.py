"""time_steps returns typed-in seconds instead of measuring the lines."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 0,
    "predict-error-line": 2,
    "fair-clocks": 2,
}


# %% ex3-time-steps
def time_steps(x):
    return {"dot": 0.02, "relu": 0.001, "mean": 0.001, "item": 0.0001}
