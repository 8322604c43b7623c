"""head_start counts up to the product cpu(1) waits for, but not that product itself."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    return max(0, reps - copies)
