"""time_steps waits on the input x (already computed) instead of the line's result, so nothing is waited for."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 0,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import np
from mxnet import npx


# %% ex3-time-steps
def time_steps(x):
    seconds = {}
    start = time.perf_counter()
    a = np.dot(x, x)
    x.wait_to_read()
    seconds["dot"] = time.perf_counter() - start
    start = time.perf_counter()
    b = npx.relu(a)
    x.wait_to_read()
    seconds["relu"] = time.perf_counter() - start
    start = time.perf_counter()
    loss = b.mean()
    x.wait_to_read()
    seconds["mean"] = time.perf_counter() - start
    start = time.perf_counter()
    loss.item()
    seconds["item"] = time.perf_counter() - start
    return seconds
