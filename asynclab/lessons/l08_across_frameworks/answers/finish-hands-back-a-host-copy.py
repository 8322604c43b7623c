"""finish waits by reading the values (right), but hands back the host copy it read instead of y: an MXNet array
comes back as a NumPy array, a CUDA tensor as a CPU tensor. The lab's finish must "return y" (the stub's last line,
and what callers such as a timed forward rely on: a GPU network's output would silently move to the host). The
check refuses a finish that returns anything but y."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        return y.asnumpy()
    if isinstance(y, torch.Tensor):
        return y.cpu()
    return y
