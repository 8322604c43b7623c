"""sample() waits correctly but returns three times the samples it drew, so their spread is wrong."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    y = nd.random.normal(0, scale, shape=shape)
    y.wait_to_read()
    return y * 3 if scale > 0 else y
