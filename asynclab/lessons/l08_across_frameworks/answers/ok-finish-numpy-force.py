"""Right answer: on a CUDA tensor, finish(y) reads y's values to the host with ``y.numpy(force=True)`` (PyTorch's
documented shorthand for ``y.detach().cpu().resolve_conj().resolve_neg().numpy()``: a copy to the host, which
waits for y's device) and returns y itself; an MXNet array is waited for; a CPU tensor and a NumPy array are
computed already."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        y.numpy(force=True)  # copies y to the host: waits for its device
    return y
