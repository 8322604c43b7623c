"""predict_staleness counts the slow worker's own push as one of the updates its gradient missed (the others' pushes while it computes a step, plus one): staleness is the number of *other* workers' updates between its read and its push (psgd.staleness), so this is one update too many at every step time, more than the other workers can push while the slow one computes a step."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    slow = step_seconds[-1]
    return sum(slow / s for s in step_seconds[:-1]) + 1
