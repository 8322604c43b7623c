"""predict_staleness divides the other way round: the fast worker's step over the slow one's."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    return sum(s / step_seconds[-1] for s in step_seconds[:-1])
