"""Writes the right lines as strings; the check wants line numbers."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 0,
    "fair-clocks": 2,
}

# %% ex-predict-error-line
PREDICTED = {
    "A": {"threaded": "7", "naive": "1"},
    "B": {"threaded": "6", "naive": "2"},
    "C": {"threaded": "8", "naive": "3"},
}
