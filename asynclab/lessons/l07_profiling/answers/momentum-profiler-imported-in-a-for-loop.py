"""momentum_step stops MXNet's profiler, imported inside a for loop at module level, while it makes a fresh array
at every step (momentum-stops-the-profiler by another road): 0."""

EXPECT = {"momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-momentum-step
for _ in (0,):
    from mxnet import profiler as prof


def momentum_step(w, v, g, lr, mu, tmp):
    prof.set_state("stop")
    v *= mu
    v -= lr * g
    nd.waitall()
    prof.set_state("run")
    w += v
    return w
