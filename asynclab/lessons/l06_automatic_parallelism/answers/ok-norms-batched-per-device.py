"""Right answer written differently (a red team, round 14): the products issued in turns, each device's
products then stacked and their norms computed in one batched nd.norm over axes (1, 2) on that device; each norm
is a slice of that device's result, still an MXNet array on the device that computed it, the norm of its own
product. Nothing is printed or read; the devices run side by side as in the products-first answer. Each norm's
record holds all of its device's products (the stack), not exactly one: refused until a norm could come from one
to reps products."""

EXPECT = {"two-devices-at-once": 3}

from mxnet import nd


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.dot(xa, xa))
        on_b.append(nd.dot(xb, xb))
    norms_a = nd.norm(nd.stack(*on_a), axis=(1, 2))
    norms_b = nd.norm(nd.stack(*on_b), axis=(1, 2))
    return [norms_a[i] for i in range(reps)] + [norms_b[i] for i in range(reps)]
