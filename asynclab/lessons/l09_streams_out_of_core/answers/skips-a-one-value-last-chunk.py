"""Found by a red team: chain_energy pipelines as the step asks (springs on the back end, a wait only for the
chunk before, the boundary spring carried on the front end) but skips a chunk of fewer than two values outright,
reasoning that "a chunk of one value holds no spring". It holds none inside it, but the spring across its
boundary is still there: skipped before that spring is added, a last chunk of exactly one value loses it, so on a
data set one value longer than a whole number of chunks the result is too small. It scored full marks while
result-exact never drew such a data set; it now reduces one. The speed, peak and budget checks' data sets end with
a partial chunk of at least 2 values, where its pipeline is right."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
def chain_energy(data, chunk):
    energy, pending, previous = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if len(values) < 2:
            continue  # a chunk of one value holds no spring
        if previous is not None:
            energy += 0.5 * (int(values[0]) - previous) ** 2
        previous = int(values[-1])
        x = chunked.load(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if pending is not None:
            energy += pending.asscalar()
        pending = springs
    if pending is not None:
        energy += pending.asscalar()
    return energy
