"""Returns figures measured once on the student's machine instead of measuring."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 0,
}


# %% ex-fair-clocks
def compare(x):
    return 0.12, 0.13
