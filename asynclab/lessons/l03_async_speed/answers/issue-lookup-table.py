"""issue_seconds looks the answer up in a table of figures measured once, for the N it expects."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 2, "t1-below-synced-op": 0}


# %% ex3-issue-seconds
def issue_seconds(x, n):
    return {40: 0.6e-3, 80: 1.2e-3, 160: 2.4e-3}[n]
