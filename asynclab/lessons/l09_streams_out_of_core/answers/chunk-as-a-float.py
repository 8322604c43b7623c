"""Returns the right size as a float, which no reader can take as a count of values."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return budget_mb * 1e6 / 6 / 8
