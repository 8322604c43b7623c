"""result_seconds calls step() and sleeps a fixed time instead of waiting for the results."""

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
    start = time.perf_counter()
    step()
    time.sleep(0.03)
    return time.perf_counter() - start
