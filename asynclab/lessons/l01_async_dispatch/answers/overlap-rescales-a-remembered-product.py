"""Computes the product and then reads the batch, one after the other (no overlap), and keeps the product it
computed with the matrix's first row: on a later call whose matrix is the same one times a factor (its first row
proportional to the kept one), it returns the kept product times the factor squared, read off the first rows'
sums, without computing anything. The check's fresh scale (draw.fresh_scale, l.181-182) was meant to make a
product remembered from an earlier call useless, but a product scales with the square of its input's factor, so
the remembered one is rescaled and passes the values test (l.196-199) at every measured call: the warm-up call
(Protocol warmup=1, l.109) computes and keeps it, every counted call only reads the batch (0.44-0.56x of the
check's product-then-read, needs <= 0.75). Found by a review (round 6): every call now gets a matrix of values drawn for it, its product computed by the check after the call."""

EXPECT = {"overlaps-the-read": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-product-and-batch
import numpy as np

_kept = []  # (the matrix's first row / its sum, that sum, the product's values)


def product_and_batch(x, read_batch):
    """The values of nd.dot(x, x) as a NumPy array, and the batch read_batch() returns."""
    head = x[0].asnumpy()  # x is ready: a row copied, no product waited for
    total = float(head.sum())
    for direction, kept_total, product in _kept:
        if direction.shape == head.shape and np.allclose(direction, head / total, rtol=1e-5, atol=0):
            # "the same matrix, scaled: its product scales with the square of the factor"
            return product * np.float32((total / kept_total) ** 2), read_batch()
    p = nd.dot(x, x).asnumpy()  # the product first, then the read: nothing overlaps
    _kept.append((head / total, total, p))
    return p, read_batch()
