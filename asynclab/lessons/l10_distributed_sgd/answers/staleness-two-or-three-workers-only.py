"""Counts the pushes of the first fast worker, and of a second one if there is one, during a slow step: right over
two and three workers, the runs' numbers, but over four it leaves a worker out. The check also asks about four
workers whose pushes per slow step it knows, and the prediction falls below the pushes that surely land."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    slow = step_seconds[-1]
    if len(step_seconds) == 2:
        return slow / step_seconds[0]
    return slow / step_seconds[0] + slow / step_seconds[1]
