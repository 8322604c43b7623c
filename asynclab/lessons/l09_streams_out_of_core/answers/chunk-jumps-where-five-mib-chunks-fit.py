"""A sixth of the budget per chunk in float64, as the solution, but the largest chunk worth taking (2**22 values)
as soon as five of them "fit", reckoning such a chunk as 32 MB (it is 32 MiB, 33.5 MB): from 160 MB on. On a long
data set the pipeline holds about five such chunks, 166-171 MB, over every budget from 160 to about 170 MB. The
drawn upper budget (144-156 MB) lies below the jump and the large budget's data set is three such chunks long; the
upper budget is now the first one at which the rule takes its longest chunk, 160 MB."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    """Values per chunk for chain_energy to stay within budget_mb MB above its start."""
    largest = 2**22  # 32 MB in float64; larger chunks gain nothing
    if budget_mb >= 5 * 32:  # five of the largest chunks fit: the chunk computed, the one read, temporaries
        return largest
    return int(budget_mb * 1e6 / 6 / 8)
