"""head_start believes cpu(1) waits only when cpu(0) has more products than workspaces, so it answers 0 when
the counts are equal (the answer there is 1: cpu(1)'s first product gets workspace reps % copies = 0, which
cpu(0)'s first product holds): the check asks about as many products as workspaces in every run."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
def head_start(reps, copies):
    if reps > copies:
        return reps - copies + 1
    return 0
