"""head_start has the step's rule without its floor, reps - copies + 1: right whenever cpu(0) has at least
as many products as there are workspaces less one, but -1 or less for fewer products (for 4 products and 9
workspaces, -4; the answer is 0), which the check asks about in every run."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    return reps - copies + 1
