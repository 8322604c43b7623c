"""Right answer written differently: each turn issues cpu(1)'s product before cpu(0)'s, and the list is put in the original's order at the end."""

EXPECT = {"two-devices-at-once": 3}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    pairs = []
    for _ in range(reps):
        b = nd.norm(nd.dot(xb, xb))
        a = nd.norm(nd.dot(xa, xa))
        pairs.append((a, b))
    return [a for a, _ in pairs] + [b for _, b in pairs]
