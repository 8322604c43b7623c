"""Reads the batch first, then issues the product and returns a NumPy array of its own kind that holds no values yet and fetches the product only when NumPy is asked to compare it: nothing overlaps and nothing is waited for inside the call."""

EXPECT = {"overlaps-the-read": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-product-and-batch
import numpy as np


class Pending(np.ndarray):
    """An array of the product's shape whose values are fetched when NumPy compares it."""

    def __array_function__(self, func, types, args, kwargs):
        args = tuple(a.product.asnumpy() if isinstance(a, Pending) else a for a in args)
        return func(*args, **kwargs)


def product_and_batch(x, read_batch):
    batch = read_batch()
    y = nd.dot(x, x)
    p = np.empty(y.shape, dtype=np.float32).view(Pending)
    p.product = y
    return p, batch
