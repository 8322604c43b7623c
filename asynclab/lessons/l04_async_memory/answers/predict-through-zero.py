"""Scales k=50's peak in proportion to k, as if an epoch that waits every batch used no memory at all."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    return peak_50 * k / 50
