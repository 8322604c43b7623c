"""chain_energy looks for a check's instrument (nd.array replaced by a wrapper whose name is not "array": a check
that replaced it in its profiled run only would give that run away) and plays the right pipelined answer only
where it finds one; everywhere else it is numpy-springs-serial: the springs in NumPy on the front end, nothing on the back
end, nothing overlapped. Wrong: it behaves differently where it thinks the check is watching. The check
replaces no Python function: it marks every copy into MXNet where MXNet's C library copies, in every run of the
speed check, profiled and timed alike, so the loop never finds a wrapper and its result never holds the marks."""

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
    if nd.array.__name__ != "array":  # someone wrapped nd.array: the check is watching
        return _pipelined(data, chunk)
    return _front_end(data, chunk)
