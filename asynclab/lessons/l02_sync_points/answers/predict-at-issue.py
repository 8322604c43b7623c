"""Predicts the error on the line that issued the bad operation, under both engines: true only of NaiveEngine."""

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
    "A": {"threaded": 1, "naive": 1},
    "B": {"threaded": 2, "naive": 2},
    "C": {"threaded": 3, "naive": 3},
}
