"""Found by a red team (round 14). choose_chunk keeps half the budget per chunk in float64 ("two chunks alive:
the one the back end computes and the one being read", the temporaries forgotten) and converts the budget with one
factor of 1024 instead of 1024**2 (megabytes read as kilobytes): its chunks are about a thousand times too small,
1,024 values at 16 MB (the size of the catalogue's tiny-chunks answer, which pays its fixed cost thousands of
times: 15.5x), about 3,000-6,400 at the middle budgets, 25,600 or 38,400 at the large ones. Every peak is far under
its budget; only the large budget is timed, where the chunk is longest."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1024 / 2 / 8)  # bytes over (2 chunks x 8 bytes a value)
