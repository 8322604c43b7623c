"""issue_seconds returns the word 'fast' instead of seconds."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 2, "t1-below-synced-op": 0}


# %% ex3-issue-seconds
def issue_seconds(x, n):
    return "fast"
