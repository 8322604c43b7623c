"""norms_both scales xb in place to "match" xa before it starts: its norms for cpu(1) are those of an array the check did not give it."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    xb *= 2
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        on_b.append(nd.norm(nd.dot(xb, xb)))
    return on_a + on_b
