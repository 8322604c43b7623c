"""finish(y) calls torch.cuda.synchronize() for every tensor, which raises on a machine without CUDA."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor):
        torch.cuda.synchronize()
    return y
