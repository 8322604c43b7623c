"""PREDICTED is the check's own answer, read from lab 07's checks module imported inside a while loop at module
level: 0."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
while True:
    from asynclab.lessons.l07_profiling import checks as c7

    break

PREDICTED = c7._allocations()
