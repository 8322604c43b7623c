"""Fixes the colleague's serial wait (issues chunk i, waits for chunk i - 1) but keeps the boundary value as a view of the reader's buffer: pipelined, and wrong."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, last, waiting = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - int(last[0])) ** 2
        last = values[-1:]
        x = chunked.load(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    if waiting is not None:
        total += waiting.asscalar()
    return total
