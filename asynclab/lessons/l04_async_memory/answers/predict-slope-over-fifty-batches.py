"""Predicts a straight line from k=5's peak whose slope is the gap between the two peaks spread over 50 batches (the k of the larger one) instead of the 45 batches between the two measured k: the line misses its own second point (at k=50 it predicts peak_5 + 0.9 of the gap) and falls further behind as k grows (0.19-0.22 of the gap below the right line at k=90-105). It passed within the tolerance of 0.3 of the gap at the two drawn k; the check now also asks
for k=5 and k=50 themselves, where a model gives back the peaks it was handed."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    """The predicted peak, MB above the start, of an epoch that waits every k batches.

    peak_5 and peak_50 are the peaks (MB) measured with k=5 and k=50.
    """
    per_batch = (peak_50 - peak_5) / 50  # what each batch of k adds, the gap over k=50's batches
    return peak_5 + per_batch * (k - 5)
