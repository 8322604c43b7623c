"""predict_staleness counts every other worker's pushes at the first worker's pace: right over two workers,
and within the check's tolerance of the measured staleness over three, since the fast workers' steps are
drawn close together; but it does not follow the pace of each worker. Earns nothing."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    others = len(step_seconds) - 1
    return others * step_seconds[-1] / step_seconds[0]
