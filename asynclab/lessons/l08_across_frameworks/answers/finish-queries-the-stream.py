"""finish(y) asks a CUDA tensor's stream whether it is done (Stream.query()) instead of waiting on it: query
answers at once and never blocks, so on a GPU y's kernels may still be queued when finish returns. The check's
stand-in device still has 30 ms of work queued for y, and finish returns before it has run it."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        torch.cuda.current_stream(y.device).query()  # has the stream run y's kernels?
    return y
