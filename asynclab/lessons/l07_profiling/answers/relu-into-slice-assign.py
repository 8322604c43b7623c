"""relu_into assigns into out's slice: relu(x) is computed into a new array, then copied."""

EXPECT = {"writes-into-out": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-relu-into
def relu_into(x, out):
    out[:] = nd.relu(x)
    return out
