"""Slice assignment of whole expressions: the right values, but each expression allocates before it is copied in."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    v[:] = mu * v - lr * g
    w[:] = w + v
    return w
