"""PREDICTED is the check's own measurement, called from the checks module: the oracle, not a prediction."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
from asynclab.lessons.l07_profiling import checks as lab07

PREDICTED = lab07._allocations()
