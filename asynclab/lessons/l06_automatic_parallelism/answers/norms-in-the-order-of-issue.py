"""norms_both fixes both reasons but returns the norms in the order it issued them, alternating the devices: not the list the original returns."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    norms = []
    for _ in range(reps):
        norms += [nd.norm(nd.dot(xa, xa)), nd.norm(nd.dot(xb, xb))]
    return norms
