"""In place everywhere but one place: v -= lr * g first makes lr * g, a new array, at every step."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    v *= mu
    v -= lr * g
    w += v
    return w
