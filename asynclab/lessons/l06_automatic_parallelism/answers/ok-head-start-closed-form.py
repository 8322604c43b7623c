"""Right answer, written differently: the count of cpu(0)'s products up to and including the last one
whose turn came round to the workspace cpu(1)'s first product gets."""

EXPECT = {"predict-head-start": 2}


# %% ex2-head-start
def head_start(reps, copies):
    wanted = reps % copies  # the workspace cpu(1)'s first product is handed
    holders = [j for j in range(reps) if j % copies == wanted]
    return holders[-1] + 1 if holders else 0
