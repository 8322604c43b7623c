"""The solution's pipeline (springs on the back end, a wait one chunk behind, the boundary spring on the front
end), but each chunk copied into MXNet as int64 (``nd.array(values, dtype="int64")``), not as float64 through
``chunked.load`` as the step asks: the checks mark only copies into floating-point arrays, so theirs is "copied
0 of the data set's values into MXNet's floating-point arrays", a true sentence that names chunked.load. Its
choose_chunk is the solution's."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    """The energy of the springs between neighbouring values, read chunk values at a time."""
    twice, waiting, last = 0, None, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            twice += (int(values[0]) - last) ** 2  # the spring across the boundary, on the front end
        last = int(values[-1])
        if len(values) < 2:
            continue
        x = nd.array(values, dtype="int64")  # integers stay exact: no rounding anywhere
        steps = nd.square(x[1:] - x[:-1]).sum()
        if waiting is not None:
            twice += int(waiting.asscalar())
        waiting = steps
    if waiting is not None:
        twice += int(waiting.asscalar())
    return 0.5 * twice
