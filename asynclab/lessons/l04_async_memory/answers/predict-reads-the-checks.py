"""predict_peak draws its line through the two peaks, but takes the check's own module (asynclab.lessons.l04_async_memory.checks) along: reaching into the checks earns nothing."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    from asynclab.lessons.l04_async_memory import checks as _oracle

    per_batch = (peak_50 - peak_5) / (50 - 5)
    return peak_5 + per_batch * (k - 5) + 0 * len(vars(_oracle))
