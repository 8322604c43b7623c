"""norms_both removes the progress log, the first reason, but keeps the original's order of issue: cpu(1)'s first product waits for a workspace one of cpu(0)'s last products holds."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    norms = []
    for x in (xa, xb):
        for _ in range(reps):
            norms.append(nd.norm(nd.dot(x, x)))
    return norms
