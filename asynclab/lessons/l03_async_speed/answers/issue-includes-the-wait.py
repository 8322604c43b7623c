"""issue_seconds waits for the products before it stops the clock, so t1 becomes the compute time."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 2, "t1-below-synced-op": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd


# %% ex3-issue-seconds
def issue_seconds(x, n):
    start = time.perf_counter()
    for _ in range(n):
        nd.dot(x, x)
    nd.waitall()
    return time.perf_counter() - start
