"""sample() returns the pending array, so the back end's error surfaces later, at somebody else's synchronization point."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    return nd.random.normal(0, scale, shape=shape)
