"""run_both computes one product per device and returns copies of it, so there are reps distinct results but one product ran."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd  # for linters: the lab's setup cell provides these names


# %% ex1-run-both
def run_both(xa, xb, reps):
    ya, yb = nd.dot(xa, xa), nd.dot(xb, xb)
    results = []
    for _ in range(reps):
        results.append(ya.copy())
        results.append(yb.copy())
    return results
