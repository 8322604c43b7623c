"""sample() quietly replaces the scale with abs(scale) + 1, so a bad scale raises nothing."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    y = nd.random.normal(0, abs(scale) + 1, shape=shape)
    y.wait_to_read()
    return y
