"""Predicts that only the global waitall raises, missing the dependent read on the line before it."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 0, "fair-clocks": 2}

# %% ex-predict-error-line
PREDICTED = {"threaded": 8, "naive": 1}
