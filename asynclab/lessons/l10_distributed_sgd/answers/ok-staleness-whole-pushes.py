"""A right answer written differently: whole pushes per other worker, rounded down, summed."""

EXPECT = {"predict-staleness": 2}


# %% ex2-predict-staleness
import math


def predict_staleness(step_seconds):
    slow = step_seconds[-1]
    return sum(math.floor(slow / s) for s in step_seconds[:-1])
