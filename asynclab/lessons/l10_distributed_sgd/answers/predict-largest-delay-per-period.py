"""Prices every period at its largest single delay, as if a barrier waited for the worst hiccup alone: the small delays of the hiccup's worker in the same period, which add up before the barrier, are left out."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    total = 0.0
    for first in range(0, len(delays), every):
        total += max(max(row) for row in delays[first : first + every])
    return total + len(delays) * overhead
