"""head_start is the lesson's rule for its four workspaces, reps - 3, whatever the number of workspaces: the
rule transcribed, not understood (the check never asks with four)."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    return max(0, reps - 3)
