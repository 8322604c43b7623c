"""Found by a red team: momentum_step scales the caller's gradient in place (g *= lr), uses it, and divides it back (g /= lr) before returning: no allocation, no scratch array, and g comes back equal to within float32 rounding, which the check's comparison (rtol 1e-6) allowed; it now compares g bit for bit with a copy scaled by the same operator. But it writes into the gradient that belongs to the caller: with lr = 0 (a frozen layer, a warm-up schedule) g comes back as NaN, and anything reading g meanwhile (another thread, a hook) sees lr * g."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    g *= lr
    v *= mu
    v -= g
    g /= lr
    w += v
    return w
