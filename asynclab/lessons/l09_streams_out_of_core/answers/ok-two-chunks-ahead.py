"""Right answer: keeps up to two chunks' springs unread in a deque and waits for the oldest; the boundary spring goes into the same deque as a number."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
import collections


def chain_energy(data, chunk):
    total, pending, edge = 0.0, collections.deque(), None
    for values in chunked.read_chunks(data, chunk):
        first, final = float(values[0]), float(values[-1])
        if edge is not None:
            total += (first - edge) ** 2 / 2
        edge = final
        if len(values) < 2:
            continue  # a last chunk of one value: no spring inside it
        loaded = chunked.load(values)
        pending.append(nd.sum(nd.square(loaded[1:] - loaded[:-1])) / 2)
        if len(pending) > 2:
            total += pending.popleft().asscalar()
    return total + sum(part.asscalar() for part in pending)
