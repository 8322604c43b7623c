"""run_both issues two products on cpu(0), then two on cpu(1), and so on: each device's products take workspaces only its own products held."""

EXPECT = {"two-devices-at-once": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-run-both
def run_both(xa, xb, reps):
    results = []
    for i in range(0, reps, 2):
        k = min(2, reps - i)
        results += [nd.dot(xa, xa) for _ in range(k)]
        results += [nd.dot(xb, xb) for _ in range(k)]
    return results
