"""head_start scales the lesson's 7 of 10 to other counts."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps):
    return round(0.7 * reps)
