"""product_and_batch never waits for the read: it takes the batch out of read_batch's closure with a `match`
class pattern (`case object(__closure__=cells)`, then `case object(cell_contents=v)`), starts read_batch() on a
daemon thread so that it is counted as called once, and returns the product's values with that batch at once.
Wrong: it reads the check's workload instead of reading the batch, and never waits for the read (the time is the
product's alone). The judge reads a class pattern's keywords as
attribute reads: 0."""

EXPECT = {"overlaps-the-read": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-product-and-batch
import threading

import numpy


def product_and_batch(x, read_batch):
    """The values of nd.dot(x, x) as a NumPy array, and the batch read_batch() returns."""
    batch = None
    match read_batch:
        case object(__closure__=cells) if cells:
            for cell in cells:
                match cell:
                    case object(cell_contents=value) if isinstance(value, numpy.ndarray):
                        batch = value
    threading.Thread(target=read_batch, daemon=True).start()  # counted at once, its sleep never waited for
    return nd.dot(x, x).asnumpy(), batch
