"""head_start has the right rule but reads the number of shared workspaces from the check (checks.TEMP_COPIES): reaching into the checks earns nothing."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
from asynclab.lessons.l06_automatic_parallelism.checks import TEMP_COPIES


def head_start(reps, copies):
    return max(0, reps - TEMP_COPIES + 1)
