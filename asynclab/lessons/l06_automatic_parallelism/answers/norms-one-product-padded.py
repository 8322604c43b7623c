"""norms_both computes one product per device, one device after the other (each waited for), lists that
product's norm reps times (each a norm of its own, so no id repeats) and pads the profile with reps - 1
unused products per device issued in turns: the profile counts reps dots per device side by side and every
norm's record holds one dot, but MXNet's record of all the norms together shows two products, not 2 reps:
the norms are not each the norm of a product of its own."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    ya = nd.dot(xa, xa)
    ya.wait_to_read()
    yb = nd.dot(xb, xb)
    yb.wait_to_read()
    for _ in range(reps - 1):  # for the profile only: never used
        nd.dot(xa, xa)
        nd.dot(xb, xb)
    return [nd.norm(ya) for _ in range(reps)] + [nd.norm(yb) for _ in range(reps)]
