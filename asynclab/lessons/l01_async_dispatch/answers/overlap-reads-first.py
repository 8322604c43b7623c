"""Reads the batch before it issues the product: the read and the product run one after the other."""

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
    batch = read_batch()
    return nd.dot(x, x).asnumpy(), batch
