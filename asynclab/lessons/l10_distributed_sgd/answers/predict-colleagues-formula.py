"""The colleague's prediction as step 3 shows it: lesson 10's synchronous round at every step, each step's slowest worker added up. Right with a barrier every step; too long when the workers are slow at different steps of a period."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    # each step waits for its slowest worker, then pays the round trip
    return sum(max(row) + overhead for row in delays)
