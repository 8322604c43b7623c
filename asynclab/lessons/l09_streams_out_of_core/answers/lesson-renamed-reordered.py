"""Lesson 09's reduce_pipelined renamed (chain_energy, every variable), its statements reordered and wrapped in a function of the answer's own: still the lesson's code, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
def _pipeline(ds, size):
    earlier, acc = None, 0.0
    for block in chunked.read_chunks(ds, size):
        current = chunked.energy(chunked.load(block))
        if earlier is not None:
            acc += earlier.asscalar()
        earlier = current
    return acc + earlier.asscalar() if earlier is not None else acc


def chain_energy(data, chunk):
    return float(_pipeline(data, chunk))
