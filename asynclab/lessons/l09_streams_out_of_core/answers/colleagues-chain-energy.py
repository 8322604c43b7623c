"""The colleague's chain_energy as step 1 shows it: the boundary value kept as a view of the reader's buffer (the next read overwrites it), and every chunk's springs waited for at once (the serial loop)."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - int(last[0])) ** 2  # the spring across the boundary
        last = values[-1:]  # the chunk's last value, for the next chunk's first spring
        x = chunked.load(values)
        total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()  # this chunk's springs
    return total
