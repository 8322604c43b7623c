"""sample() rejects the scale in Python instead of letting the back end report it (the back end's own errors still surface late)."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    if scale <= 0:
        raise ValueError("scale must be positive")
    return nd.random.normal(0, scale, shape=shape)
