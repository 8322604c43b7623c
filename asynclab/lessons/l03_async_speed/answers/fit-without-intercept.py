"""fit_line fits a line through the origin (least squares slope of y = slope * n) and returns intercept 0."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 0, "t1-below-synced-op": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy


# %% ex2-fit-line
def fit_line(ns, seconds):
    """Least-squares (intercept, slope) of seconds against ns."""
    ns = numpy.asarray(ns, dtype=float)
    seconds = numpy.asarray(seconds, dtype=float)
    slope = float((ns * seconds).sum() / (ns * ns).sum())
    return 0.0, slope
