"""numpy-springs-read-back-decoy with the read back made zero-copy: each chunk is loaded into MXNet (chunked.load), then viewed from NumPy through MXNet's DLPack capsule (to_dlpack_for_read and np.from_dlpack: the same memory, no MXNDArraySyncCopyToCPU), its springs computed there in NumPy on the front end (exact, and following the copies into MXNet), while a decoy, a sum never read, keeps the back end busy during the next read. Wrong: the springs are the front end's work, not the back end's, exactly the detour the read-back count is meant to refuse. The profiled run counts arrays shared through DLPack (MXNDArrayToDLPack) and fails any."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import numpy as np


class _Capsule:
    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, stream=None):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)


def chain_energy(data, chunk):
    twice, last, buffer = 0.0, None, np.empty(max(chunk - 1, 0))
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        y = np.from_dlpack(_Capsule(x.to_dlpack_for_read()))  # MXNet's memory, seen from NumPy
        if last is not None:
            twice += float(y[0] - last) ** 2
        last = float(y[-1])
        steps = np.subtract(y[1:], y[:-1], out=buffer[: y.size - 1] if buffer.size >= y.size - 1 else None)
        twice += float(steps @ steps)
        x.sum()  # the back end's decoy: issued, never read
    nd.waitall()
    return 0.5 * twice
