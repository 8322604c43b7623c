"""finish(y) waits for a PyTorch tensor by reading its values with y.numpy(), which the lesson lists among the
calls that read values: on a real CUDA tensor .numpy() raises TypeError ("can't convert cuda:0 device type tensor
to numpy"), so finish fails on every tensor on a GPU. The check's stand-in GPU tensor let .numpy() wait and succeed; it now
raises as PyTorch does."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    """Block until y (an MXNet array, a PyTorch tensor or a NumPy array) is computed; return y."""
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor):
        y.numpy()  # bringing the values to the host waits for whatever device y is on
    return y
