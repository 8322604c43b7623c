"""Keeps the chunk read_chunks handed out and loads it one step later, after the next read overwrote that buffer."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    total, previous = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if previous is not None:
            total += chunked.energy(chunked.load(previous)).asscalar()
        previous = values  # a view of the reader's one buffer
    if previous is not None:
        total += chunked.energy(chunked.load(previous)).asscalar()
    return total
