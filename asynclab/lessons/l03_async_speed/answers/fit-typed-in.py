"""fit_line returns typed-in numbers instead of fitting the points."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 0, "t1-below-synced-op": 2}


# %% ex2-fit-line
def fit_line(ns, seconds):
    return 0.001, 2e-5
