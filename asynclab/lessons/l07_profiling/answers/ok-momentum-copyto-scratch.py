"""A right step written another way: copyto into tmp, then in-place operators only."""

EXPECT = {"momentum-allocates-nothing": 2}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    g.copyto(tmp)
    tmp *= lr
    v *= mu
    v -= tmp
    w += v
    return w
