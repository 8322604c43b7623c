"""result_seconds calls step() once to wait for its results and again to time it, so the figure is of a second step."""

EXPECT = {
    "waits-for-results": 0,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def result_seconds(step):
    step()
    start = time.perf_counter()
    step()
    return time.perf_counter() - start
