"""Allocates nothing, but scales the caller's gradient g in place instead of using tmp."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    g *= lr
    v *= mu
    v -= g
    w += v
    return w
