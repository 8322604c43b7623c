"""run_both waits for cpu(0)'s products before issuing cpu(1)'s: the devices never work at once."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-run-both
def run_both(xa, xb, reps):
    first = [nd.dot(xa, xa) for _ in range(reps)]
    nd.waitall()
    return first + [nd.dot(xb, xb) for _ in range(reps)]
