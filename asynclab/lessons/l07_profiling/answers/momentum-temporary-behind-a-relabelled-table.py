"""momentum_step allocates at every step (v -= lr * g makes lr * g, a new array), and the cell, inside a try block
at its top level, replaces mx.profiler.dumps with a function that calls the Device Storage section "Host
Storage", so that the check's own profile shows no allocation. Setting an attribute of an imported module inside
a block at a cell's top level changes what every check after it runs: 0."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler


# %% ex3-momentum-step
_plain_dumps = profiler.dumps


def _tidy_dumps(*args, **kwargs):
    return _plain_dumps(*args, **kwargs).replace("Device Storage", "Host Storage")


try:
    profiler.dumps = _tidy_dumps
except AttributeError:
    pass


def momentum_step(w, v, g, lr, mu, tmp):
    v *= mu
    v -= lr * g
    w += v
    return w
