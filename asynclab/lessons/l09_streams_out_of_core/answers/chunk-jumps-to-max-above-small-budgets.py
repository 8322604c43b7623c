"""choose_chunk keeps a sixth of the budget per chunk only for budgets under 32 MB and otherwise jumps straight to
the largest chunk that still pays (2**22 values, 32 MB in float64): for budgets between about 32 and 170 MB its
four to five live chunks of 32 MB exceed the budget (166-171 MB measured). The check's middle budget (48-100 MB)
lies there."""

EXPECT = {"chunk-under-budget": 0}


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    if budget_mb < 32:
        # a tight budget: three to four chunks alive, 8 bytes a value, keep a sixth of it per chunk
        return int(budget_mb * 1e6 / 6 / 8)
    # plenty of memory: the largest chunk that still gains anything
    return 2**22
