"""sample() clears the back end with a global wait and ignores what it raises, then waits for its own samples: it
reports its own errors, but swallows an error that other code left pending, which then never reaches its owner."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    try:
        nd.waitall()
    except Exception:
        pass  # not sample's business
    y = nd.random.normal(0, scale, shape=shape)
    y.wait_to_read()
    return y
