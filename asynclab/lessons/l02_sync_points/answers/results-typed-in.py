"""result_seconds calls step() and returns a typed-in figure."""

EXPECT = {
    "waits-for-results": 0,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}


# %% ex1-result-seconds
def result_seconds(step):
    step()
    return 0.03
