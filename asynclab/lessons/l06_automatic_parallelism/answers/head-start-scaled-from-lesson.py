"""head_start scales the lesson's 7 of 10 (four workspaces) to other counts and ignores the workspaces."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    return round(0.7 * reps)
