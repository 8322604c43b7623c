"""Predicts that only the global waitall raises (program A's line 8, B's line 6, C's line 9), missing the dependent
reads that come first in A and C."""

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
    "A": {"threaded": 8, "naive": 1},
    "B": {"threaded": 6, "naive": 2},
    "C": {"threaded": 9, "naive": 3},
}
