"""Copies the chunks in as float32 (nd.array's default type): each chunk's sum of springs is rounded."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        x = nd.array(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    return total + (waiting.asscalar() if waiting is not None else 0.0)
