"""Interpolates on a logarithmic axis of k, as a k sweep is often drawn, instead of on k itself."""

EXPECT = {"predict-peak": 0}

# Imports for linters.
import math


# %% ex4-predict-peak
import math


def predict_peak(k, peak_5, peak_50):
    return peak_5 + (peak_50 - peak_5) * math.log(k / 5) / math.log(50 / 5)
