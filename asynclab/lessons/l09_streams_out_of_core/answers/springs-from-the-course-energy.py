"""chain_energy is pipelined and exact, but gets each chunk's springs from the course's chunked.energy (the lesson's 0.5 * (v - 1)**2 of each step plus one), which the step does not give: the course's function, not the step's work, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
def chain_energy(data, chunk):
    total, waiting, last = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        x = chunked.load(values)
        springs = chunked.energy(x[1:] - x[:-1] + 1)
        if waiting is not None:
            total += waiting.asscalar()
        waiting = springs
    return total + (waiting.asscalar() if waiting is not None else 0.0)
