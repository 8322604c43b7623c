"""fit_line draws the line through the first and last point instead of fitting all of them."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 0, "t1-below-synced-op": 2}


# %% ex2-fit-line
def fit_line(ns, seconds):
    slope = (seconds[-1] - seconds[0]) / (ns[-1] - ns[0])
    return seconds[0] - slope * ns[0], slope
