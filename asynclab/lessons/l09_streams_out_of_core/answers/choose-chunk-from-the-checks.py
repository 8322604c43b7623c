"""choose_chunk divides the budget by the check's own limit of chunks (lab09.PEAK_CHUNKS) and caps it at its CHUNK: reaching into the checks earns nothing."""

EXPECT = {"chunk-under-budget": 0}

# Imports for linters: the check cells provide lab09 when graded.
from asynclab.lessons.l09_streams_out_of_core import checks as lab09


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return min(lab09.CHUNK, int(budget_mb * 1e6 / 8 / lab09.PEAK_CHUNKS))
