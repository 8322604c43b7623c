"""numpy-springs-read-back-decoy with the reads back made through NDArray.__getstate__, what pickling an array
calls: each chunk is loaded into MXNet (its copy marked by the check), its float64 values come back as the raw
bytes of MXNDArraySaveRawBytes (a header, then the values), its springs are computed in NumPy on the front end
(exact, and holding the marks), and a decoy sum of squares, never read, keeps the back end busy while the device
reads on. Wrong as every read-back decoy is: the springs are the front end's work, not MXNet's, and the whole
data set comes back out of MXNet; the check counts values written out as bytes among the reads back.
choose_chunk keeps a twentieth of the budget per chunk, so that its heavier chunks (the array, its bytes, their
differences) stay well within every budget."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
import numpy as np


def chain_energy(data, chunk):
    total, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2  # the spring across the boundary
        last = int(values[-1])
        if len(values) < 2:
            continue
        x = chunked.load(values)
        raw = x.__getstate__()["handle"]  # the array as pickling saves it: a header, then its float64 values
        copied = np.frombuffer(raw, dtype=np.float64, count=len(values), offset=len(raw) - 8 * len(values))
        steps = np.diff(copied)
        total += 0.5 * float(steps @ steps)
        nd.square(x).sum()  # the back end's decoy while the device reads the next chunk: issued, never read
    return total


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    """Values per chunk for chain_energy to stay within budget_mb MB above its start."""
    return int(min(budget_mb * 1e6 / 20 / 8, 2**22))
