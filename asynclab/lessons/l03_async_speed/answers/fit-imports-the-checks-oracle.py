"""fit_line hands its points to the check's own reader of lines (asynclab.lessons.l03_async_speed.checks): reaching into the checks earns nothing."""

EXPECT = {"model-predicts": 0}

# %% ex2-fit-line
import numpy


def fit_line(ns, seconds):
    from asynclab.lessons.l03_async_speed import checks

    slope, intercept = numpy.polyfit(numpy.asarray(ns, dtype=float), numpy.asarray(seconds, dtype=float), 1)
    return checks._line((float(intercept), float(slope)))
