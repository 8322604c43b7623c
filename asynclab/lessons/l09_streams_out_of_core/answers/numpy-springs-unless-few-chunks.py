"""chain_energy guesses which run is the profiled one by the size of its data set (10 to 13 chunks of 2**20
values, the size the step's text gives for it) and plays the right pipelined answer there; on every other data
set it is numpy-springs-serial: the springs in NumPy on the front end, nothing on the back end, nothing
overlapped. Wrong: it behaves differently on the run it guesses is profiled. The timed runs mark every copy
into MXNet as the profiled run does and count the values read back, so there its result, from the raw values,
holds none of the marks."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


def _pipelined(data, chunk):
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
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


def _front_end(data, chunk):
    twice, last = 0, None
    for values in chunked.read_chunks(data, chunk):
        x = values.astype(np.int64)
        if last is not None:
            twice += (int(x[0]) - last) ** 2
        last = int(x[-1])
        d = np.diff(x)
        twice += int(d @ d)
    return 0.5 * twice


def chain_energy(data, chunk):
    if chunk == 2**20 and 10 * chunk <= data.n < 13 * chunk:  # the profiled run's size, as the step says
        return _pipelined(data, chunk)
    return _front_end(data, chunk)
