"""finish(y) uses the course's backends: MXNet's waitall and PyTorch's event-based sync."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "switch-in-time": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
from asynclab.foundation.backends import torch as tb


def finish(y):
    if isinstance(y, nd.NDArray):
        nd.waitall()
    elif isinstance(y, torch.Tensor):
        tb.sync(y)
    return y
