"""run_both computes one product per device and lists each reps times, so the results look complete but one product ran."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd  # for linters: the lab's setup cell provides these names


# %% ex1-run-both
def run_both(xa, xb, reps):
    ya, yb = nd.dot(xa, xa), nd.dot(xb, xb)
    return [ya, yb] * reps
