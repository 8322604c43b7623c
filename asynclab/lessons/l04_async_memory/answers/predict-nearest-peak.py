"""Predicts the measured peak of whichever of k=5 and k=50 is nearer to k."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    return peak_5 if k - 5 < 50 - k else peak_50
