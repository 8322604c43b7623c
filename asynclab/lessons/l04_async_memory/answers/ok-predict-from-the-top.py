"""Right answer: the line through both peaks, written down from k=50 with the slope numpy.polyfit fits."""

EXPECT = {"predict-peak": 2}

# Imports for linters.
import numpy as np


# %% ex4-predict-peak
import numpy as np


def predict_peak(k, peak_5, peak_50):
    slope = np.polyfit([5, 50], [peak_5, peak_50], 1)[0]
    return np.float64(peak_50 - slope * (50 - k))
