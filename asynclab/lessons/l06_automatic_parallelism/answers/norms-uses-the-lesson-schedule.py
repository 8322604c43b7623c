"""norms_both takes the products from lesson 06's own interleaved schedule and adds the norms: calling the course's schedule earns nothing."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    from asynclab.lessons.l06_automatic_parallelism import parallelism

    products = parallelism.interleaved(xa, xb, reps)
    return [nd.norm(y) for y in products[0::2]] + [nd.norm(y) for y in products[1::2]]
