"""fit_line divides numpy.cov (ddof=1) by numpy.var (ddof=0): the slope is n/(n-1) times too large."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 0, "t1-below-synced-op": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy


# %% ex2-fit-line
def fit_line(ns, seconds):
    """Least-squares (intercept, slope) of seconds against ns."""
    slope = numpy.cov(ns, seconds)[0, 1] / numpy.var(ns)
    intercept = numpy.mean(seconds) - slope * numpy.mean(ns)
    return float(intercept), float(slope)
