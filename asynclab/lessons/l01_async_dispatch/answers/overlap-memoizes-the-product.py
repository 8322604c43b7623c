"""Computes the product and then reads the batch, one after the other, but keeps each matrix's product: from the second call on the same x it returns the kept values without computing anything."""

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
_products = []  # (x, its product's values): x kept alive, so that no other matrix is taken for it


def product_and_batch(x, read_batch):
    """The values of nd.dot(x, x) as a NumPy array, and the batch read_batch() returns."""
    for seen, values in _products:
        if seen is x:  # "the same matrix again: its product has not changed"
            return values, read_batch()
    values = nd.dot(x, x).asnumpy()
    _products.append((x, values))
    return values, read_batch()
