"""chain_energy waits after every chunk, but switches the data set's slow device off for its own run (data.mb_per_s = None) and back on after: the data set it is handed cannot be changed, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    device, data.mb_per_s = data.mb_per_s, None  # reads at the page cache's speed
    try:
        total, last = 0.0, None
        for values in chunked.read_chunks(data, chunk):
            if last is not None:
                total += 0.5 * (int(values[0]) - last) ** 2
            last = int(values[-1])
            x = chunked.load(values)
            total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()
        return total
    finally:
        data.mb_per_s = device
