"""Predicts that the first wait of all raises, though in A and B it waits for an array that has nothing to do with the
failed one (in C the first wait reads c, computed before the bad operation, and the answer says line 5)."""

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
    "A": {"threaded": 4, "naive": 1},
    "B": {"threaded": 4, "naive": 2},
    "C": {"threaded": 5, "naive": 3},
}
