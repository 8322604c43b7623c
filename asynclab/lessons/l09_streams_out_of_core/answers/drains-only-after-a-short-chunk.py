"""chain_energy is pipelined, but collects the last chunk's springs only when that chunk is shorter than the
others (len(values) < chunk, "the last, shorter chunk"): on a data set that is a whole number of chunks the
last chunk's springs are issued and never added, so the result is too small. It scored full marks while every
data set the checks wrote ended with a partial chunk; result-exact now reduces a whole number of chunks too. The
speed, peak and budget checks judge its pipeline on data sets that end with a partial chunk: right there."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
def chain_energy(data, chunk):
    """The energy of the springs between neighbouring values, read chunk values at a time."""
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2  # the spring across the boundary
        last = int(values[-1])  # a number: the next read overwrites the buffer
        x = chunked.load(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if waiting is not None:
            total += waiting.asscalar()  # the chunk before only
        waiting = springs
        if len(values) < chunk:  # the last, shorter chunk: nothing comes after it, collect it now
            total += waiting.asscalar()
            waiting = None
    return total
