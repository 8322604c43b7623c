"""Right answer written differently: all products in turns first, then every norm, with the array's own norm method."""

EXPECT = {"two-devices-at-once": 3}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    products = {0: [], 1: []}
    for _ in range(reps):
        products[0].append(nd.dot(xa, xa))
        products[1].append(nd.dot(xb, xb))
    return [y.norm() for y in products[0]] + [y.norm() for y in products[1]]
