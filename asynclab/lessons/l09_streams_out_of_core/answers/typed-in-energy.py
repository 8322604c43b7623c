"""Returns an energy read off one run of the lesson, whatever the data set."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}


# %% ex1-reduce-pipelined
def reduce_pipelined(data, chunk):
    return 84777183210.5
