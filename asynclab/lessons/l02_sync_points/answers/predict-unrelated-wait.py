"""Predicts that the first wait of all raises, though it waits for an array that has nothing to do with the failed one."""

EXPECT = {"waits-for-results": 2, "error-at-sync": 2, "blame-right-line": 3, "predict-error-line": 0, "fair-clocks": 2}

# %% ex-predict-error-line
PREDICTED = {"threaded": 4, "naive": 1}
