"""relu_into computes relu(x) into a new array and copies it into out with copyto."""

EXPECT = {"writes-into-out": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-relu-into
def relu_into(x, out):
    nd.relu(x).copyto(out)
    return out
