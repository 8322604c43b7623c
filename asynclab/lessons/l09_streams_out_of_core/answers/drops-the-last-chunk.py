"""Skips the last, shorter chunk, as if the data set were a whole number of chunks."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    total, pending = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if len(values) < chunk:
            break
        part = chunked.energy(chunked.load(values))
        if pending is not None:
            total += pending.asscalar()
        pending = part
    return total + (pending.asscalar() if pending is not None else 0.0)
