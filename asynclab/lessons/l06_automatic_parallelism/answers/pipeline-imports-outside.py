"""pipeline uses mx and nd from the notebook without importing them: in the check's fresh process they do not exist."""

EXPECT = {"copy-beside-compute": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import mxnet as mx
from mxnet import nd


# %% ex3-pipeline
def pipeline(x, w, steps):
    copies, y = [], x
    for _ in range(steps):
        y = nd.relu(nd.dot(y, w))
        copies.append(y.copyto(mx.cpu(1)))
    return copies
