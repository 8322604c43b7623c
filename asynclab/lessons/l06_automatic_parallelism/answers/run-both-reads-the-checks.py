"""run_both takes turns as it should, but first reads the check's own product counts (lab06.REPS) to size its list: reaching into the checks earns nothing."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell and the check cells provide these names when graded.
from mxnet import nd

lab06 = None


# %% ex1-run-both
def run_both(xa, xb, reps):
    results = [None] * (2 * min(reps, max(lab06.REPS)))
    for i in range(len(results) // 2):
        results[2 * i] = nd.dot(xa, xa)
        results[2 * i + 1] = nd.dot(xb, xb)
    return results
