"""Adds the workers' delays, as if each step waited for them one after the other."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    return sum(sum(row) + overhead for row in delays)
