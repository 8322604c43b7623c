"""Right answer with NumPy: the delays cut into periods, each worker's sum over a period, the largest of each period, summed, and the overhead per step."""

EXPECT = {"predict-barrier-time": 2}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    import numpy

    table = numpy.asarray(delays)
    steps, workers = table.shape
    per_period = table.reshape(steps // every, every, workers).sum(axis=1)
    return float(per_period.max(axis=1).sum() + steps * overhead)
