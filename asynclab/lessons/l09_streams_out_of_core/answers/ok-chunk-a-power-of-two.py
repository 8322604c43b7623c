"""Right answer: the largest power of two of values whose six chunks fit the budget in float64 (48 bytes a value), at most 2**22: bit arithmetic instead of the solution's division, the same bound."""

EXPECT = {"chunk-under-budget": 2}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    fits = int(budget_mb * 10**6) // (6 * 8)  # values: six chunks alive at most, 8 bytes each in memory
    return 1 << min(max(fits.bit_length() - 1, 0), 22)
