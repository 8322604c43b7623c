"""Lesson 09's reduce_pipelined (notebook cell 8) pasted as it is and handed to the checks as chain_energy: it re-types the lesson's code (and computes the lesson's energy, not the chain's), so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
def reduce_pipelined(data, chunk):
    """Issue chunk i, then wait for chunk i - 1: the back end computes while the next chunk is read."""
    total, pending = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        part = chunked.energy(chunked.load(values))  # issued: the back end starts on it
        if pending is not None:
            total += pending.asscalar()  # waits for the chunk before, not this one
        pending = part
    return total + pending.asscalar() if pending is not None else total


chain_energy = reduce_pipelined
