"""Found by a red team (round 14). choose_chunk keeps a quarter of the budget per chunk in float64 ("four chunks
alive: the one computed, the one read, the temporaries"), but converts the budget with one factor of 1024 instead
of 1024**2 (megabytes read as kilobytes): its chunks are about a thousand times too small, 512 values at 16 MB,
about 2,400 at the middle budgets, 12,800 at 400 MB. Every peak is far under its budget, but at the small and
middle budgets the pipeline pays a chunk's fixed cost tens of thousands of times (step 3: "what very small chunks
cost"); only the large budget is timed, where the chunk is longest."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1024 / 4 / 8)  # bytes over (4 chunks x 8 bytes a value)
