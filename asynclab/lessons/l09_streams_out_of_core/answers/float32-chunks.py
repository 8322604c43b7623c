"""Copies the chunks in as float32 (nd.array's default type): each part is rounded."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked

from mxnet import nd


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    total, pending = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        part = chunked.energy(nd.array(values))
        if pending is not None:
            total += pending.asscalar()
        pending = part
    return total + (pending.asscalar() if pending is not None else 0.0)
