"""Issues chunk i, then waits for everything (nd.waitall) before reading the next: no overlap is left."""

EXPECT = {"pipelined-beats-serial": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked

from mxnet import nd


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    parts = []
    for values in chunked.read_chunks(data, chunk):
        parts.append(chunked.energy(chunked.load(values)))
        nd.waitall()
    return sum(part.asscalar() for part in parts)
