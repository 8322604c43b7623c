"""Sleeps instead of reading and returns a batch of its own: the read never happens."""

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
import time

import numpy as np


def product_and_batch(x, read_batch):
    y = nd.dot(x, x)
    time.sleep(0.05)
    return y.asnumpy(), np.zeros(8)
