"""PREDICTED is computed by the check's own measurement, called from the checks module: the oracle."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
from asynclab.lessons.l09_streams_out_of_core import checks as lab09

PREDICTED = lab09._grows()
