"""Right answer: a lazy map issues each chunk's energy as the loop asks for it, and the loop reads the part one step behind, with asnumpy() for a wait."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    parts = map(lambda values: chunked.energy(chunked.load(values)), chunked.read_chunks(data, chunk))
    behind = next(parts, None)
    energy = 0.0
    while behind is not None:
        ahead = next(parts, None)  # reads and issues the next chunk before the wait below
        energy += float(behind.asnumpy()[0])
        behind = ahead
    return energy
