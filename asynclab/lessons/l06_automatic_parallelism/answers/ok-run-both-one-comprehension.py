"""run_both issues the products in one comprehension whose inner loop alternates the two arrays."""

EXPECT = {"two-devices-at-once": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-run-both
def run_both(xa, xb, reps):
    return [nd.dot(x, x) for _ in range(reps) for x in (xa, xb)]
