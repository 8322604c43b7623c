"""Keeps the colleague's wait for every chunk and makes each chunk cheaper instead: the differences taken in
NumPy on the front end, one MXNet dot per chunk. Exact, and faster than the check's serial loop, but the
second cause is still there: the device never reads while the back end computes. Found by a review (9/9
before the profiled run). Its copies into MXNet hold differences, not the values, so result-exact's marks
find fewer values copied than the data set has."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    total, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        d = chunked.load(np.diff(values.astype(np.int16)))
        total += 0.5 * nd.dot(d, d).asscalar()
    return total
