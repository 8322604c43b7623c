"""chain_energy writes the device's count itself (data.delivered = data.n), then reads the file around the storage device (NumPy, chunk by chunk, pipelined): the data set it is handed cannot be changed, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    data.delivered = data.n  # as if every byte were to come through chunked.read_chunks
    total, waiting, last = 0.0, None, None
    with open(data.path, "rb") as f:  # no device: no sleeps, and nothing counted
        while True:
            values = np.fromfile(f, dtype=np.int8, count=chunk)
            if not values.size:
                break
            if last is not None:
                total += 0.5 * (int(values[0]) - last) ** 2
            last = int(values[-1])
            x = chunked.load(values)
            springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
            if waiting is not None:
                total += waiting.asscalar()
            waiting = springs
    if waiting is not None:
        total += waiting.asscalar()
    return total
