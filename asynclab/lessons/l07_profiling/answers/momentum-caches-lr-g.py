"""momentum_step computes lr * g into tmp only the first time it sees a given gradient array (by id), and on later calls reuses what tmp holds: in place, no allocation, but wrong for any training loop that writes each step's new gradient into the same array (as MXNet's autograd does with a parameter's grad buffer): from the second step on it applies the first step's gradient. A review found the check handed the same, unchanged g to all five steps. The check now writes a new gradient into g (scaled in place) before every step after the first: the kept lr * g is stale."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-momentum-step

_scaled_for = {}


def momentum_step(w, v, g, lr, mu, tmp):
    """One step of SGD with momentum, in place: v <- mu * v - lr * g, then w <- w + v; return w."""
    key = (id(g), id(tmp), lr)
    if _scaled_for.get(id(tmp)) != key:  # a "new" gradient: scale it once into the scratch array
        tmp[:] = g
        tmp *= lr
        _scaled_for[id(tmp)] = key
    v *= mu
    v -= tmp
    w += v
    return w
