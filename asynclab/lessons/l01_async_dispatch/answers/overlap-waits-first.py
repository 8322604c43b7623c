"""Fetches the product's values before it reads the batch: the wait comes first, so nothing overlaps."""

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
    p = nd.dot(x, x).asnumpy()
    return p, read_batch()
