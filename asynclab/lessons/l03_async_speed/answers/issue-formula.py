"""issue_seconds returns n times a per-operation cost read in the lesson, without issuing anything."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 2, "t1-below-synced-op": 0}


# %% ex3-issue-seconds
def issue_seconds(x, n):
    return n * 15e-6  # "t1 is about 15 µs"
