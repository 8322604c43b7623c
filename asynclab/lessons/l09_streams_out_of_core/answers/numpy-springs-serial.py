"""Computes the springs in NumPy on the front end, never in MXNet, and waits for nothing because nothing is
queued: exact, and faster than the check's serial loop because NumPy's int64 arithmetic costs less than
MXNet's float64 operators, yet nothing overlaps. Found by a review (9/9 before the profiled run); now the
back end must do the springs' work, while the device reads the next chunk."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    twice, last = 0, None
    for values in chunked.read_chunks(data, chunk):
        x = values.astype(np.int64)
        if last is not None:
            twice += (int(x[0]) - last) ** 2
        last = int(x[-1])
        d = np.diff(x)
        twice += int(d @ d)
    return 0.5 * twice
