"""Right, in another way: the staleness as exact fractions (each other worker's steps per slow step, with
fractions.Fraction from the step times' decimal strings), summed and returned as a Fraction."""

EXPECT = {"predict-staleness": 2}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    from fractions import Fraction

    *others, slow = (Fraction(str(s)) for s in step_seconds)
    return sum((slow / s for s in others), Fraction(0))
