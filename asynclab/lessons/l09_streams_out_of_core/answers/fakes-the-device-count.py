"""reduce_pipelined writes the device's count itself (data.delivered = data.n), then reads the file around the storage device (NumPy, chunk by chunk, pipelined): the data set it is handed cannot be changed, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
import numpy as np


def reduce_pipelined(data, chunk):
    data.delivered = data.n  # as if every byte were to come through chunked.read_chunks
    total, pending = 0.0, None
    with open(data.path, "rb") as f:  # no device: no sleeps, and nothing counted
        while True:
            values = np.fromfile(f, dtype=np.int8, count=chunk)
            if not values.size:
                break
            part = chunked.energy(chunked.load(values))
            if pending is not None:
                total += pending.asscalar()
            pending = part
    if pending is not None:
        total += pending.asscalar()
    return total
