"""time_steps hands Benchmark a sync function that does nothing, so item() is charged for the product."""

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
from mxnet import npx
from asynclab.foundation.timing import Benchmark


# %% ex3-time-steps
def time_steps(x):
    seconds = {}
    values = {"x": x}
    with Benchmark("dot", sync=lambda: None, quiet=True) as bench:
        values["dot"] = np.dot(x, x)
    seconds["dot"] = bench.seconds
    with Benchmark("relu", sync=lambda: None, quiet=True) as bench:
        values["relu"] = npx.relu(values["dot"])
    seconds["relu"] = bench.seconds
    with Benchmark("mean", sync=lambda: None, quiet=True) as bench:
        values["mean"] = values["relu"].mean()
    seconds["mean"] = bench.seconds
    with Benchmark("item", sync=lambda: None, quiet=True) as bench:
        values["mean"].item()
    seconds["item"] = bench.seconds
    return seconds
