"""norms_both keeps the progress log but prints it after everything is issued, so the first wait comes when both queues are full: the devices overlap, but the step asks for a function that prints nothing, and the check says so."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        on_b.append(nd.norm(nd.dot(xb, xb)))
    norms = on_a + on_b
    for i, n in enumerate(norms):
        print(f"product {i + 1}: norm {n.asscalar():.1f}")
    return norms
