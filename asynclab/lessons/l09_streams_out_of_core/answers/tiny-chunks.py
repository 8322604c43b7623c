"""Always takes 1024 values per chunk: safely small, but the fixed cost of a chunk is paid thousands of times."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return 1024
