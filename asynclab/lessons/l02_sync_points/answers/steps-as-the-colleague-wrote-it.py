"""time_steps as the colleague of step 4 wrote it: it waits between the lines, but after each clock has stopped, so the wait is charged to no line and every line reads its issue time only."""

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
    seconds["dot"] = time.perf_counter() - start
    npx.waitall()
    start = time.perf_counter()
    b = npx.relu(a)
    seconds["relu"] = time.perf_counter() - start
    npx.waitall()
    start = time.perf_counter()
    loss = b.mean()
    seconds["mean"] = time.perf_counter() - start
    npx.waitall()
    start = time.perf_counter()
    loss.item()
    seconds["item"] = time.perf_counter() - start
    return seconds
