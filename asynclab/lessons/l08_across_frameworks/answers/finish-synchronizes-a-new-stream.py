"""finish(y) makes a new CUDA stream on y's device and synchronizes that: a new stream holds none of y's
kernels, which were queued on the default stream, so its synchronize() returns at once. The stand-in's new
stream waits only for work issued on it, and finish returns with y's work still queued."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        torch.cuda.Stream(device=y.device).synchronize()  # a stream of y's device, waited for
    return y
