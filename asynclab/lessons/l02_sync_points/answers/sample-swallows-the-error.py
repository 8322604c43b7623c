"""sample() waits inside a try/except that prints the back end's error and returns the bad array anyway."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 0, "blame-right-line": 3, "predict-error-line": 2, "fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-sample
def sample(scale, shape):
    """Normal samples with standard deviation `scale`; back-end errors are raised here."""
    y = nd.random.normal(0, scale, shape=shape)
    try:
        y.wait_to_read()
    except Exception as error:
        print(f"sample({scale}, {shape}) failed: {str(error).splitlines()[0]}")
    return y
