"""relu_into writes relu(x) into out as a clip from below at 0 (nd.clip with out=, no upper bound that matters)."""

EXPECT = {"writes-into-out": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-relu-into
def relu_into(x, out):
    nd.clip(x, 0.0, 3.4e38, out=out)
    return out
