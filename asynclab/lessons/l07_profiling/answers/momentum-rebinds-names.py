"""Rebinds w and v to new arrays: the caller's arrays never change, and every step allocates."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    v = mu * v - lr * g
    w = w + v
    return w
