"""Reads the whole file at once with NumPy, around the storage device, and computes the chain's energy in memory."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    x = chunked.load(np.fromfile(data.path, dtype=np.int8))
    return (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()
