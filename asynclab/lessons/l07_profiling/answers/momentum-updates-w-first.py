"""Allocates nothing, but moves w with the old momentum before updating it (the update in the wrong order)."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    w += v
    tmp[:] = g
    tmp *= lr
    v *= mu
    v -= tmp
    return w
