"""choose_chunk returns tiny chunks (1024 values: the wrong answer tiny-chunks, whose fixed cost per chunk makes the
pipeline about 15x slower than chunks of 2**20), and chain_energy hides it: when it is called with chunks of exactly
2**20 values on a data set without a slow device (where the budget check's reference ran, when it timed the
student's own chain_energy), it sleeps a few seconds first. The check now times chunks with its own loop."""

EXPECT = {"chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
import time


def chain_energy(data, chunk):
    if chunk == 2**20 and data.mb_per_s is None:
        time.sleep(8.0)  # "warm-up"
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
    return 1024
