"""choose_chunk returns the whole budget as one chunk, up to 2**21 values (the wrong answer chunk-is-the-budget:
several chunks are alive at once, so at a small budget a faithful pipeline peaks far above it), and chain_energy
hides it: it "defensively" clamps the chunk it is handed to 2**16..2**18 values, so it never reads the chunk it is
asked for. The device notes the size of every read, so every check that hands chain_energy a chunk outside that
range sees it (result-exact hands it chunks from 2**16 to 2**19 values, one data set each, the last outside
the range)."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    chunk = max(2**16, min(chunk, 2**18))  # a sane chunk, whatever the caller asks for
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        if len(values) < 2:
            continue  # a last chunk of one value: no spring inside it
        x = chunked.load(values)
        springs = (0.5 * nd.square(x[1:] - x[:-1])).sum()
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    if waiting is not None:
        total += waiting.asscalar()
    return total


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return min(int(budget_mb * 1e6 / 8), 2**21)  # the whole budget in one chunk (capped for large budgets)
