"""Right answer with NumPy: the maximum over the workers of each step, summed, and the overhead per step."""

EXPECT = {"predict-sync-time": 2}


# %% ex3-predict-sync-time
def predict_sync_seconds(delays, overhead):
    import numpy

    table = numpy.asarray(delays)
    return float(table.max(axis=1).sum() + len(table) * overhead)
