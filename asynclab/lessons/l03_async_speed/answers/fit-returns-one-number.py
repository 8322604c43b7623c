"""fit_line returns the slope alone instead of the pair (intercept, slope)."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 0, "t1-below-synced-op": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy


# %% ex2-fit-line
def fit_line(ns, seconds):
    slope, intercept = numpy.polyfit(ns, seconds, 1)
    return slope
