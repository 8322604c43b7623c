"""Fixes MXNet's two bugs, but reports a typed-in 0.06 s for PyTorch and NumPy instead of timing their forward:
a figure no clock read, longer than the call itself took (over 1000x on the check's tiny network, and above
1x on the drawn one), so it earns nothing."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        x.wait_to_read()
        start = time.perf_counter()
        h = x
        for w in weights:
            h = nd.relu(nd.dot(h, w))
        h.wait_to_read()
        return h, time.perf_counter() - start
    h = x
    for w in weights:
        h = torch.relu(torch.matmul(h, w)) if isinstance(x, torch.Tensor) else np.maximum(np.dot(h, w), 0)
    return h, 0.06
