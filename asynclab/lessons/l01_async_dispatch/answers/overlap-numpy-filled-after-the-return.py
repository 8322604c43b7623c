"""product_and_batch returns a NumPy array that is not the product yet: it allocates an empty array of the
product's shape, hands a thread the job of copying nd.dot(x, x)'s values in once the call has returned (a
tenth of a second after the read is done), and returns that array beside the batch. The caller gets an array of
garbage; it is right only later. Wrong: a result never waited for, in a NumPy disguise. The check compares the
values the array held when the call returned: 0."""

EXPECT = {"overlaps-the-read": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-product-and-batch
import threading
import time

import numpy


def product_and_batch(x, read_batch):
    """The values of nd.dot(x, x) as a NumPy array, and the batch read_batch() returns."""
    y = nd.dot(x, x)
    out = numpy.empty(y.shape, dtype=numpy.float32)
    read = threading.Event()

    def fill():
        read.wait()
        time.sleep(0.1)  # after the call has returned
        out[...] = y.asnumpy()

    threading.Thread(target=fill, daemon=True).start()
    batch = read_batch()
    read.set()
    return out, batch
