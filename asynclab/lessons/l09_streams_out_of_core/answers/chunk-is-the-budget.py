"""Makes one chunk as large as the whole budget, forgetting that several chunks are alive at once."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1e6 / 8)
