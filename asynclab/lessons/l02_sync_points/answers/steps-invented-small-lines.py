"""time_steps measures the product and the item line but fills relu and mean with a guess."""

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
from mxnet import np, npx


# %% ex3-time-steps
def time_steps(x):
    start = time.perf_counter()
    a = np.dot(x, x)
    a.wait_to_read()
    dot = time.perf_counter() - start
    loss = npx.relu(a).mean()
    start = time.perf_counter()
    loss.item()
    item = time.perf_counter() - start
    return {"dot": dot, "relu": 0.05, "mean": 0.05, "item": item}  # "those two are cheap anyway"
