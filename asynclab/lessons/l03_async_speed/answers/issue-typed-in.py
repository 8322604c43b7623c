"""issue_seconds returns a typed-in number instead of timing the products."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 2, "t1-below-synced-op": 0}


# %% ex3-issue-seconds
def issue_seconds(x, n):
    return 1e-5 * 40
