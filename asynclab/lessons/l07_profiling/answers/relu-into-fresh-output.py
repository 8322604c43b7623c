"""relu_into returns a fresh array and never touches out."""

EXPECT = {"writes-into-out": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-relu-into
def relu_into(x, out):
    return nd.relu(x)
