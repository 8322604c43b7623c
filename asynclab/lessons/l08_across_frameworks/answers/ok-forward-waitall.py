"""Right, in another way: nd.waitall() before starting the clock and after the forward (MXNet), nothing to wait for on a CPU tensor, torch.cuda.synchronize() only for a CUDA one."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def wait_everything(y):
    if isinstance(y, nd.NDArray):
        nd.waitall()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        torch.cuda.synchronize(y.device)


def timed_forward(x, weights):
    wait_everything(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        if isinstance(h, nd.NDArray):
            h = nd.relu(nd.dot(h, w))
        elif isinstance(h, torch.Tensor):
            h = torch.relu(h @ w)
        else:
            h = np.maximum(h @ w, 0)
    wait_everything(h)
    return h, time.perf_counter() - start
