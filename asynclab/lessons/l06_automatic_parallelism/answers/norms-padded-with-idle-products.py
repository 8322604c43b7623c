"""norms_both keeps the original as it is (all of xa's work, then xb's, each norm logged and so waited for) and issues, before each real product, a product on the other device whose result it throws away: the real work still runs one device after the other, but the profile shows both devices busy side by side."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    norms = []
    for x, other in ((xa, xb), (xb, xa)):
        for _ in range(reps):
            nd.dot(other, other)  # keeps the other device busy in the profile; never used
            norms.append(nd.norm(nd.dot(x, x)))
            print(f"product {len(norms)}: norm {norms[-1].asscalar():.1f}")
    return norms
