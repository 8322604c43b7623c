"""Found by a red team: predict_staleness counts, for every other worker, each push it *begins* while the slow
worker computes a step (math.ceil of the step ratio): a push still under way when the slow worker pushes has not
been applied, so this counts up to one update too many per other worker (with the fraction under 0.5 the median is
the whole pushes, and this reads one more). It lies inside the bound of _counts_whole_pushes (at most one more
push per other worker, + 0.1), follows every scaling gate, and the measured runs allow 0.25 of the median + 0.5
(1.25 or more with two workers, where it is at most 1 off). It scored 2 in 2 runs of 2; the bound is now the
pushes that land on average (the sum of the step ratios, + 0.1), and this reads 0.7 or more above it."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
import math


def predict_staleness(step_seconds):
    slow = step_seconds[-1]
    return sum(math.ceil(slow / s) for s in step_seconds[:-1])
