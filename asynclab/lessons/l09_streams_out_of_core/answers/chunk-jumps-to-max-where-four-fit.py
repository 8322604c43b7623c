"""choose_chunk keeps a sixth of the budget per chunk, but from the budget where four of the largest chunk worth
taking fit (4 x 2**22 values x 8 bytes, 134 MB: "the chunk computed, the chunk read and the temporaries") it
takes 2**22 values: its pipeline then peaks at 166-171 MB, over every budget from 134 to about 165 MB. The check
runs budgets of 16-24, 48-100 and 400-600 MB, never one in between, and asks the rule for every whole budget."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    biggest = 2**22  # values: a larger chunk gains nothing more
    alive = 4  # chunks at once: the one computed, the one read, the back end's temporaries
    if budget_mb * 1e6 >= alive * biggest * 8:  # room for four of the largest: take it
        return biggest
    return int(budget_mb * 1e6 / 8 / 6)  # a tight budget: a sixth of it per chunk, 8 bytes a value
