"""norms_both computes one norm per device and lists it reps times: the list looks right, but MXNet's profile shows one product per device."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    a = nd.norm(nd.dot(xa, xa))
    b = nd.norm(nd.dot(xb, xb))
    return [a.copy() for _ in range(reps)] + [b.copy() for _ in range(reps)]
