"""chain_energy is springs-from-the-course-energy (each chunk's springs from the course's chunked.energy, which the
step does not give), with chunked reached through importlib.import_module and a constant string: 0."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import importlib


def chain_energy(data, chunk):
    springs_of = importlib.import_module("asynclab.foundation.workloads.chunked").energy
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        x = chunked.load(values)
        springs = springs_of(x[1:] - x[:-1] + 1)
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    return total + (waiting.asscalar() if waiting is not None else 0.0)
