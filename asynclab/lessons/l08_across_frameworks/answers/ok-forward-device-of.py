"""Right answer: the solution's fix, with PyTorch's wait written as ``torch.cuda.device_of(y)`` (PyTorch's
documented context manager: y's device is the current one inside) around ``torch.cuda.synchronize()``, for the
input before the clock and for the output after the forward; MXNet waits with wait_to_read at both ends."""

EXPECT = {"timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    def torch_done(y):
        if y.is_cuda:
            with torch.cuda.device_of(y):  # y's own device is the current one in here
                torch.cuda.synchronize()

    if isinstance(x, nd.NDArray):
        dot, relu, done = nd.dot, nd.relu, lambda y: y.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, torch_done
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
