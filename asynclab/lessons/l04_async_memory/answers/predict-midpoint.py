"""Predicts the midpoint of the two measured peaks for every k, as if the peak did not grow with k between them."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    return (peak_5 + peak_50) / 2
