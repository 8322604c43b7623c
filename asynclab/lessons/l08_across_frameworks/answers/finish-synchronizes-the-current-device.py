"""finish(y) waits for a CUDA tensor with torch.cuda.synchronize() and no argument, which waits for the current
device (cuda:0 unless changed), not for the device y is on: on a machine with two GPUs a tensor on cuda:1 comes
back while its kernels are still queued. It passed while the check's stand-in tensor was always on cuda:0, the
current device; the check now also hands over one on cuda:1."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    """Block until y (an MXNet array, a PyTorch tensor or a NumPy array) is computed; return y."""
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        torch.cuda.synchronize()  # waits for the GPU
    return y
