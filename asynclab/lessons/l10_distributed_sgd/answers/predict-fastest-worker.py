"""Waits each step for the fastest worker, the asynchronous fast worker's pace."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    return sum(min(row) + overhead for row in delays)
