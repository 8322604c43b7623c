"""Keeps the chunk read_chunks handed out and loads it one step later, after the next read overwrote that buffer (its boundary value taken from the overwritten view too)."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, previous = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if previous is not None:
            total += 0.5 * (int(values[0]) - int(previous[-1])) ** 2
            total += _springs(previous).asscalar()
        previous = values  # a view of the reader's one buffer
    if previous is not None:
        total += _springs(previous).asscalar()
    return total


def _springs(values):
    x = chunked.load(values)
    return (0.5 * nd.square(x[1:] - x[:-1])).sum()
