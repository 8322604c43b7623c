"""Wrong: finish waits for a CUDA tensor only when it holds more than one value, on the theory that a 0-d or
one-value tensor (a loss, a norm) is "small" and computed by the time anyone looks. On a GPU a loss queued behind
a long forward is returned unfinished. The MXNet branch is right (wait_to_read on every array); the PyTorch twin
of finish-skips-small-arrays."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda and y.numel() > 1:  # a scalar is ready long before we look
        torch.cuda.synchronize(y.device)
    return y
