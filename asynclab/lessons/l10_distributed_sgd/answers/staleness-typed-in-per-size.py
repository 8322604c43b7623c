"""predict_staleness types in a median per number of workers (2.6 updates for two, 6.5 for three, tuned on the
check's sentences) and adds a hundredth of the slow step over the first worker's, only so that a slower slow
worker or a third worker moves it. No model of the staleness: the check's questions, drawn like its runs, make
the slow worker's step twice as long (or the other steps half as long) and need about twice the prediction;
this one moves by about 1%, so it earns nothing."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    typed = {2: 2.6, 3: 6.5}.get(len(step_seconds), 3.0 * (len(step_seconds) - 1))
    return typed + 0.01 * step_seconds[-1] / step_seconds[0]
