"""Pipelined and exact inside each chunk, but adds no spring across the boundary between two chunks."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, waiting = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    return total + (waiting.asscalar() if waiting is not None else 0.0)
