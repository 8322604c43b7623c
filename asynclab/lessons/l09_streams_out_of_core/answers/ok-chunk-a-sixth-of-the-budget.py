"""Right, in another way: the solution's own rule without its cap, a sixth of the budget per chunk in float64
(int(budget_mb * 1e6 / 6 / 8)): at most six chunks alive, 8 bytes a value. At the large budgets the check draws, the
chunk is 8.3 M values (400 MB) or 12.5 M values (600 MB), longer than the check's data set (11.53 M to 12.58 M
values) in about 46% of runs, which then reads in one piece and stays within the budget. Found by a review (round
6): the check refused any chunk longer than the data set before it ran anything; it now reads such a chunk as
the whole data set."""

EXPECT = {"chunk-under-budget": 2}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    # up to six chunks alive (the one computed, the one read, the back end's temporaries), 8 bytes a value
    return int(budget_mb * 1e6 / 6 / 8)
