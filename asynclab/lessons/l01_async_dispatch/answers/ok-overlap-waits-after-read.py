"""Issues the product, reads, then waits with wait_to_read before asnumpy: the same overlap in more lines."""

EXPECT = {
    "overlaps-the-read": 2,
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
    batch = read_batch()
    y.wait_to_read()
    values = y.asnumpy()
    return values, batch
