"""Right, in another way (from a red team): the solution's waits, with the CUDA wait guarded by
torch.cuda.is_initialized(), which is always true on a GPU once a CUDA tensor exists. It was refused (0.00x the
device time) while the stand-in device left is_initialized False on a CPU build."""

EXPECT = {"timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def ready(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda and torch.cuda.is_initialized():
        torch.cuda.synchronize(y.device)


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu = nd.dot, nd.relu
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    ready(x)
    t0 = time.perf_counter()
    out = x
    for w in weights:
        out = relu(dot(out, w))
    ready(out)
    return out, time.perf_counter() - t0
