"""head_start believes each device has workspaces of its own (so cpu(1) never waits), unless cpu(0)'s
products outnumber them: a resource per device, which MXNet's CPU devices do not have."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    return 0 if reps <= copies else reps - copies
