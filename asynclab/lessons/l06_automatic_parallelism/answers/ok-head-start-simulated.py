"""head_start simulates the hand-out of the workspaces in turn and finds the last cpu(0) product holding cpu(1)'s."""

EXPECT = {"predict-head-start": 2}


# %% ex2-head-start
def head_start(reps, copies):
    last_holder = {}
    for j in range(reps):
        last_holder[j % copies] = j
    waited_for = last_holder.get(reps % copies)
    return 0 if waited_for is None else waited_for + 1
