"""Found by a red team (round 16): predict_seconds is the per-period model with the period typed in as 3 steps (read off
the step's text, "every (3 or 4)"), the every argument ignored. Right only for periods of 3 steps: the check asks its questions about periods of 3
and of 4."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    period = 3
    total = 0.0
    for first in range(0, len(delays), period):
        rows = delays[first : first + period]
        total += max(sum(col) for col in zip(*rows))
    return total + len(delays) * overhead
