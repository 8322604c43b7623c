"""finish(y) reads one value of y back to Python, which waits on every framework and every device."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.reshape((-1,))[0].asscalar()
    elif isinstance(y, torch.Tensor):
        y.reshape(-1)[0].item()
    return y
