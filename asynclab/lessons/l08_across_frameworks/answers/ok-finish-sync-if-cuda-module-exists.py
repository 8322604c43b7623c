"""Right answer written differently: finish waits for MXNet with wait_to_read and, for a PyTorch tensor,
synchronizes CUDA only where it exists, asking hasattr(torch, "cuda") and hasattr(os, "sched_getaffinity")
first: a module handed to hasattr is looked at, not used."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import os

import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    """Block until y (an MXNet array, a PyTorch tensor or a NumPy array) is computed; return y."""
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.device.type == "cuda" and hasattr(torch, "cuda"):
        torch.cuda.synchronize(y.device)
    elif isinstance(y, torch.Tensor) and hasattr(os, "sched_getaffinity"):
        pass  # a CPU tensor was computed inside the call that made it, on the cores we may use
    return y
