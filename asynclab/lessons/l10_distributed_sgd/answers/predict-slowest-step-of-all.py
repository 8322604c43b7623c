"""Prices every period at its largest single delay times the steps it holds: each period at its worst hiccup, at every step."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    total = 0.0
    for first in range(0, len(delays), every):
        period = delays[first : first + every]
        total += len(period) * max(max(row) for row in period)
    return total + len(delays) * overhead
