"""Right, written differently: on a CUDA tensor finish asks for the index of y's first value if it is not zero,
y.reshape(-1)[:1].nonzero(). PyTorch documents that torch.nonzero on a CUDA tensor "causes host-device
synchronization" (the size of its output must come to the host), on the current stream of y's device, behind y's
kernels. On MXNet wait_to_read; a CPU tensor and a NumPy array are computed already."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        y.reshape(-1)[:1].nonzero()  # synchronizes with y's device
    return y
