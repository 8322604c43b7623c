"""Right, in another way: on a CUDA tensor finish(y) synchronizes the device whose index y.get_device() gives (the
device y lives on, 0 or 1), and on an MXNet array waits for it; a CPU tensor and a NumPy array are computed already."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        torch.cuda.synchronize(y.get_device())
    return y
