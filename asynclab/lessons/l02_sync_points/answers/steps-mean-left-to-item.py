"""time_steps waits after every line but the mean (a reduction to one number, thought too cheap to need a wait):
the mean's work is charged to the item line, which stays far under its bound, and the mean line reads its
issuing only."""

EXPECT = {"blame-right-line": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import np, npx


# %% ex3-time-steps
def time_steps(x):
    seconds = {}
    start = time.perf_counter()
    a = np.dot(x, x)
    npx.waitall()  # the product is the heavy line: wait for it before stopping its clock
    seconds["dot"] = time.perf_counter() - start
    start = time.perf_counter()
    b = npx.relu(a)
    npx.waitall()
    seconds["relu"] = time.perf_counter() - start
    start = time.perf_counter()
    loss = b.mean()  # a reduction to one number: cheap, no wait needed
    seconds["mean"] = time.perf_counter() - start
    start = time.perf_counter()
    loss.item()
    seconds["item"] = time.perf_counter() - start
    return seconds
