"""Right on A and B, but in C takes the in-place update b += d for a new array: b.sum() then looks unrelated to
the failed one, and the error is predicted at the global waitall (line 9) instead of the read of b (line 8)."""

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
    "A": {"threaded": 7, "naive": 1},
    "B": {"threaded": 6, "naive": 2},
    "C": {"threaded": 9, "naive": 3},
}
