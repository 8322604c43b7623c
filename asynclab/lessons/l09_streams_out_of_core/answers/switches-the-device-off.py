"""reduce_pipelined is the serial loop, but switches the data set's slow device off for its own run (data.mb_per_s = None) and back on after: the data set it is handed cannot be changed, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    device, data.mb_per_s = data.mb_per_s, None  # reads at the page cache's speed
    try:
        total = 0.0
        for values in chunked.read_chunks(data, chunk):
            total += chunked.energy(chunked.load(values)).asscalar()
        return total
    finally:
        data.mb_per_s = device
