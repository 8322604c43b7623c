"""numpy-springs-read-back-decoy with the reads back made through ``NDArray.asnumpy`` saved under another name
before the check began: each chunk goes into MXNet and straight back out, its springs are computed in NumPy
on the front end and a decoy keeps the back end busy. The reads back happen in MXNet's C library whatever
Python name reaches it, and the check's runs count them there: the whole data set, as before."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np

values_of = nd.NDArray.asnumpy


def chain_energy(data, chunk):
    twice, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        y = values_of(x)
        if last is not None:
            twice += float(y[0] - last) ** 2
        last = y[-1]
        steps = np.diff(y)
        twice += float(steps @ steps)
        nd.square(x).sum()  # the back end's decoy: issued, never read
    nd.waitall()
    return 0.5 * twice
