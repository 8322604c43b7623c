"""norms_both issues in turns but returns Python floats: reading each norm waits for it, and the list is no longer the original's MXNet arrays."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        on_b.append(nd.norm(nd.dot(xb, xb)))
    return [n.asscalar() for n in on_a + on_b]
