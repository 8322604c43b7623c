"""Returns the product as an NDArray that may still be computing: fast, but no result was waited for."""

EXPECT = {
    "overlaps-the-read": 0,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-product-and-batch
def product_and_batch(x, read_batch):
    y = nd.dot(x, x)
    return y, read_batch()
