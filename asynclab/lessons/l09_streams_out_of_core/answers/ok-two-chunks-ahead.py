"""Right answer: keeps up to two parts unread in a deque and waits for the oldest."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
import collections


def reduce_pipelined(data, chunk):
    total, pending = 0.0, collections.deque()
    for values in chunked.read_chunks(data, chunk):
        pending.append(chunked.energy(chunked.load(values)))
        if len(pending) > 2:
            total += pending.popleft().asscalar()
    return total + sum(part.asscalar() for part in pending)
