"""Right answer, all on the back end: keeps a one-value copy of each chunk's last value as an MXNet array, adds the boundary's squared step to the chunk's in MXNet, waits one chunk behind and halves the sum at the end."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    twice, behind, tail = 0.0, None, None
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        if len(values) > 1:
            ahead = nd.square(x[1:] - x[:-1]).sum()
        else:  # a last chunk of one value: no spring inside it
            ahead = nd.zeros((1,), dtype=x.dtype)
        if tail is not None:
            ahead = ahead + nd.square(x[:1] - tail).sum()  # the spring across the boundary, issued too
        tail = x[-1:].copy()  # a copy: a view would keep the whole chunk alive
        if behind is not None:
            twice += behind.asscalar()
        behind = ahead
    return 0.5 * (twice + behind.asscalar())
