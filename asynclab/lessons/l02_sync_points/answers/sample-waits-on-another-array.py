"""sample() synchronizes, but on a fresh array that does not depend on the faulty operation."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    y = nd.random.normal(0, scale, shape=shape)
    nd.ones(shape).wait_to_read()
    return y
