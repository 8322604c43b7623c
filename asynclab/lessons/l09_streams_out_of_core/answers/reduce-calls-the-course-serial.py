"""reduce_pipelined hands the data set to the course's own chunked.reduce_serial (exact, bounded, only slower): the course's function, not the step's work, so it earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    return chunked.reduce_serial(data, chunk)
