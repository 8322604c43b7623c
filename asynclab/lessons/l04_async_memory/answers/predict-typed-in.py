"""Returns a figure read off one run of the k sweep, whatever it is given."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    return {10: 27.0, 12: 28.4, 15: 29.8, 35: 43.9, 40: 47.4, 45: 50.9}.get(k, 30.0)
