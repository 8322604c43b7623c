"""head_start believes cpu(1) waits for all of cpu(0)'s products."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    return reps
