"""Right, in another way: on PyTorch each layer's relu is written as a choice, ``torch.where(z > 0, z, 0 * z)``
(three kernels on a GPU: a comparison, a product by zero and the choice), and the forward waits for the tensor's
own device before and after it; MXNet and NumPy as the solution's. More kernels a layer are more device time,
which the clock times as it should."""

EXPECT = {"timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, torch.Tensor):
        on_gpu = x.is_cuda
        if on_gpu:
            torch.cuda.synchronize(x.device)
        start = time.perf_counter()
        h = x
        for w in weights:
            z = h @ w
            h = torch.where(z > 0, z, 0 * z)
        if on_gpu:
            torch.cuda.synchronize(x.device)
        return h, time.perf_counter() - start
    if isinstance(x, nd.NDArray):
        x.wait_to_read()
        start = time.perf_counter()
        h = x
        for w in weights:
            h = nd.relu(nd.dot(h, w))
        h.wait_to_read()
        return h, time.perf_counter() - start
    start = time.perf_counter()
    h = x
    for w in weights:
        h = np.maximum(np.dot(h, w), 0)
    return h, time.perf_counter() - start
