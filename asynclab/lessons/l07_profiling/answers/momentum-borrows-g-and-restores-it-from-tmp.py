"""momentum_step keeps a copy of the caller's gradient in tmp, scales g itself in place (g *= lr), subtracts it from
v, and copies the original back into g (g[:] = tmp) before returning: momentum-scales-g-and-restores with the
restore made exact, so g comes back bit for bit. But the step says to leave g as it is: for the length of the step
the caller's gradient holds lr * g (a reader outside the engine's ordering, an exception between the two writes),
and the detour costs two more passes over a whole array per step. The check counts the operators that write into
g's memory."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd  # noqa: F401


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    """One step of SGD with momentum, in place: v <- mu * v - lr * g, then w <- w + v; return w."""
    tmp[:] = g  # keep the caller's gradient safe
    g *= lr  # lr * g, in place: nothing allocated
    v *= mu
    v -= g
    g[:] = tmp  # the caller gets its gradient back, bit for bit
    w += v
    return w
