"""norms_both is right, but first reads the check's own product counts (lab06.REPS): reaching into the checks earns nothing."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    assert reps in lab06.REPS
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        on_b.append(nd.norm(nd.dot(xb, xb)))
    return on_a + on_b
