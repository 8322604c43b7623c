"""Never measures: returns twice the returned array's size, read from its shape, because the check's make() keeps a second array of the same size; the figure matches without any reading of memory and without waiting for the work."""

EXPECT = {"memory-of-result": 0}


# %% ex4-memory-of
def memory_of(make):
    result = make()
    return 2 * result.size * 4 / 1e6
