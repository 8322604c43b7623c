"""norms_both computes every norm in NumPy on the front end, one device after the other, and issues the
devices' products with nd.dot side by side beside them, never used: the profile shows every product on
each device, side by side, while the norms come from elsewhere. MXNet's record shows no product in a norm."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    import numpy as np

    for _ in range(reps):  # for the profile: both devices busy at once
        nd.dot(xa, xa)
        nd.dot(xb, xb)
    norms = []
    for x in (xa, xb):
        host = x.asnumpy().astype(np.float64)
        for _ in range(reps):
            norms.append(nd.array([np.linalg.norm(host @ host)], ctx=x.context))
    return norms
