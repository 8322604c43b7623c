"""Allocates nothing, but adds lr * g to the momentum instead of subtracting it (gradient ascent)."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    tmp[:] = g
    tmp *= lr
    v *= mu
    v += tmp
    w += v
    return w
