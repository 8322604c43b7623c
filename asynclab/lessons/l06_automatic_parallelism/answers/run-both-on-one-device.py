"""run_both computes every product on cpu(0), copying xb there first: one queue, one worker."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import mxnet as mx
from mxnet import nd


# %% ex1-run-both
def run_both(xa, xb, reps):
    xb0 = xb.as_in_context(mx.cpu(0))
    results = []
    for _ in range(reps):
        results += [nd.dot(xa, xa), nd.dot(xb0, xb0)]
    return results
