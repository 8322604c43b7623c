"""finish(y) decides by the machine, not by y: on a PyTorch tensor it calls torch.cuda.synchronize(y.device)
whenever torch.cuda.is_available() ("it must run on a machine without a GPU as well"). On a machine with a GPU a
CPU tensor then raises (torch.cuda.synchronize refuses a cpu device: "Expected a cuda device"), where the step
asks for a finish that takes a CPU tensor on any machine. It passed while the check handed CPU tensors over only
where CUDA was not available; it now also hands one over on its stand-in machine with GPUs."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    """Block until y (an MXNet array, a PyTorch tensor or a NumPy array) is computed; return y."""
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and torch.cuda.is_available():  # no GPU, no synchronize: it would raise
        torch.cuda.synchronize(y.device)
    return y
