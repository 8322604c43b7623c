"""momentum_step adds g into tmp (tmp += g) instead of copying it there, counting on the scratch being zero, and
zeroes tmp again after the step so that the next call finds it so: right only when the caller hands over a tmp full
of zeros. The step says tmp holds whatever was last written into it; a tmp that holds the last step's update gives
v <- mu*v - lr*(g + old). It passed while the check handed over nd.zeros; the check's tmp now holds random values."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    """One step of SGD with momentum, in place: v <- mu * v - lr * g, then w <- w + v; return w."""
    tmp += g  # the scratch is zero: tmp = g, without touching g
    tmp *= lr
    v *= mu
    v -= tmp
    w += v
    tmp *= 0  # leave the scratch as it was handed over
    return w
