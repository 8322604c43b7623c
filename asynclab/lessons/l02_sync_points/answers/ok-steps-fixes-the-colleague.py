"""Right answer: the colleague's time_steps of step 4 with each wait moved before the clock stops (and one before the first clock starts), so that each line is charged for the work it queued."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
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
    npx.waitall()
    start = time.perf_counter()
    a = np.dot(x, x)
    npx.waitall()
    seconds["dot"] = time.perf_counter() - start
    start = time.perf_counter()
    b = npx.relu(a)
    npx.waitall()
    seconds["relu"] = time.perf_counter() - start
    start = time.perf_counter()
    loss = b.mean()
    npx.waitall()
    seconds["mean"] = time.perf_counter() - start
    start = time.perf_counter()
    loss.item()
    seconds["item"] = time.perf_counter() - start
    return seconds
