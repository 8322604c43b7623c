"""Computes the springs in NumPy on the front end from the raw chunks (exact), and keeps MXNet's back end busy
with a decoy that has nothing to do with the result: each chunk is loaded and its sum of squares issued, never
read. The back end computes while the device reads, as a pipeline's does, but not the springs: in the check's
runs every copy into MXNet carries marks of the check's own, and the result, computed from the raw values,
holds none of them, while every right answer's holds them all; the step asks for each chunk's springs
computed in MXNet."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    twice, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        steps = np.diff(values.astype(np.int16))
        if last is not None:
            twice += (int(values[0]) - last) ** 2
        last = int(values[-1])
        steps = steps.astype(np.float64)
        twice += float(steps @ steps)
        busy = chunked.load(values)
        nd.square(busy).sum()  # the back end's decoy: issued, never read
    nd.waitall()
    return 0.5 * twice
