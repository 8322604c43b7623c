"""Adds the last part inside the loop and again after it."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    parts = [chunked.energy(chunked.load(values)) for values in chunked.read_chunks(data, chunk)]
    total = sum(part.asscalar() for part in parts)
    return total + parts[-1].asscalar()
