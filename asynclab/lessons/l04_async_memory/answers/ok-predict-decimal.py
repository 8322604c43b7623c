"""Right answer in exact decimal arithmetic: the line through both peaks, computed and returned as a decimal.Decimal (a number of MB).
Found by a review: a Decimal was not taken for a number."""

EXPECT = {"predict-peak": 2}


# %% ex4-predict-peak
from decimal import Decimal


def predict_peak(k, peak_5, peak_50):
    low, high = Decimal(repr(peak_5)), Decimal(repr(peak_50))
    return low + (high - low) * (Decimal(k) - 5) / 45
