"""Found by a red team (round 15). time_steps waits after the product and after the mean, but not after relu (an
elementwise line thought too cheap to need a wait): relu's work is charged to the mean line, so the mean line
is not its own seconds. It scored 3 in every run (relu and mean were bounded only from above); each of the two
lines must now read at least 0.3x of the check's own synchronized run of it."""

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
    b = npx.relu(a)  # elementwise: cheap, no wait needed
    seconds["relu"] = time.perf_counter() - start
    start = time.perf_counter()
    loss = b.mean()
    npx.waitall()
    seconds["mean"] = time.perf_counter() - start
    start = time.perf_counter()
    loss.item()
    seconds["item"] = time.perf_counter() - start
    return seconds
