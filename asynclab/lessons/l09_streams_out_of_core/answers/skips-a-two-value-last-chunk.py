"""chain_energy sets short chunks apart with `len(values) < 3` instead of `< 2` (its author believed MXNet 1.x
cannot slice a chunk of two values either): a last chunk of exactly two values keeps its boundary spring but
loses the spring inside it. A partial chunk drawn from 2 to the chunk's length is two values long once in 2**16
or more, so result-exact has a data set that ends on exactly two values."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2  # the spring across the boundary
        last = int(values[-1])
        if len(values) < 3:
            continue  # too short for MXNet's slices: nothing inside it to add
        x = chunked.load(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    if waiting is not None:
        total += waiting.asscalar()
    return total
