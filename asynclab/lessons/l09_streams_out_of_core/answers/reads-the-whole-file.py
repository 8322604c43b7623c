"""Reads the whole file at once with NumPy, around the storage device, and reduces it in memory."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked

import numpy as np


# %% ex1-reduce-pipelined
import numpy as np


def reduce_pipelined(data, chunk):
    return chunked.energy(chunked.load(np.fromfile(data.path, dtype=np.int8))).asscalar()
