"""chain_energy drains the storage device (every chunk through chunked.read_chunks, once, thrown away) and computes the chain's energy from the data set's seed instead of from the values it read: it regenerates the values with NumPy's generator as the data set was written (default_rng(seed).integers(-100, 100 inclusive, int8) in blocks of 4 Mi values) and sums the springs in NumPy. Wrong: the result does not come from the data it read (any data set written another way gets a wrong answer), and no spring is computed in MXNet. The handed data set's seed now raises AttributeError, as its path does."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    for values in chunked.read_chunks(data, chunk):
        pass  # the device is drained; the values are not needed
    rng = np.random.default_rng(data.seed)
    twice, last, block = 0, None, 4 * 2**20
    for start in range(0, data.n, block):
        x = rng.integers(-100, 101, size=min(block, data.n - start), dtype=np.int8).astype(np.int64)
        if last is not None:
            x = np.concatenate(([last], x))
        d = np.diff(x)
        twice += int(d @ d)
        last = x[-1]
    return 0.5 * twice
