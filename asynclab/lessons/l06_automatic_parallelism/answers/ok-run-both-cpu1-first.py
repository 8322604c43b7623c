"""run_both takes turns starting with cpu(1), and collects the results with zip."""

EXPECT = {"two-devices-at-once": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-run-both
def run_both(xa, xb, reps):
    pairs = [(nd.dot(xb, xb), nd.dot(xa, xa)) for _ in range(reps)]
    return [y for pair in pairs for y in pair]
