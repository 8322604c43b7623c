"""Counts a value as one byte, its size on disk, instead of the eight it takes in memory."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1e6 / 6)
