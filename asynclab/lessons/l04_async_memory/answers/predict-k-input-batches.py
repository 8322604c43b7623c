"""Adds one whole input batch per extra batch of k, the bound, although the queue seldom reaches k."""

EXPECT = {"predict-peak": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.lessons.l04_async_memory import training

CONFIG = training.LAB


# %% ex4-predict-peak
def predict_peak(k, peak_5, peak_50):
    return peak_5 + (k - 5) * CONFIG.batch_mb
