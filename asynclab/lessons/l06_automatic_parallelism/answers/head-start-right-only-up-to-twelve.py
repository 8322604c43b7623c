"""head_start simulates the workspaces only as far as the check ever looks: with at most eight workspaces it
believes cpu(0)'s worker "saturates" after twelve products and answers reps - copies for longer runs (one product
fewer than the rule). Wrong for every count from 13 to 22 with 2 to 8 workspaces, which the step asks about
("any reps from 4 to 22 and any number of workspaces from 2 to 16"); with eight workspaces or fewer the check
asks about one count from each of 4-7, 8-12 and 13-22."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    if copies <= 8 and reps > 12:
        return reps - copies
    return max(0, reps - copies + 1)
