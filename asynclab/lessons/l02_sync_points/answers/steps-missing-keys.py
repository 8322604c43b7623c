"""time_steps returns the time of the product only, not of every line."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 0,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import np
from asynclab.foundation.timing import Benchmark


# %% ex3-time-steps
def time_steps(x):
    with Benchmark("dot", sync=True, quiet=True) as bench:
        np.dot(x, x)
    return {"dot": bench.seconds}
