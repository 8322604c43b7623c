"""Right answer: on a CUDA tensor, finish(y) enters PyTorch's documented context manager
``torch.cuda.device_of(y)`` (the current device becomes y's own) and synchronizes the current device there,
which is y's device; on an MXNet array it waits for it; a CPU tensor and a NumPy array are computed already.
On a machine with two GPUs this waits for exactly y's device, as ``torch.cuda.synchronize(y.device)`` does."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        with torch.cuda.device_of(y):  # y's device is the current one inside
            torch.cuda.synchronize()
    return y
