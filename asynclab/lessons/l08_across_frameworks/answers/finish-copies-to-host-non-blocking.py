"""finish(y) copies a CUDA tensor to the host with non_blocking=True, believing every copy to the host waits:
a non-blocking copy to the host is queued on the stream and returns at once, so nothing waits for y's kernels.
The stand-in's non-blocking copy does not wait either, and finish returns with y's work still queued."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        y.to("cpu", non_blocking=True)  # a copy back to the host: it needs y's values
    return y
