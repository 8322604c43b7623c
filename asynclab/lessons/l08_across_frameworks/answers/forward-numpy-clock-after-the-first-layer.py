"""MXNet and PyTorch are fixed as the solution fixes them, but the NumPy branch "waits for the input" the way
forward-clock-after-the-first-layer does on every framework: it computes the first layer, then starts the clock
for the other layers. The NumPy seconds are (L-1)/L of the forward, 0.67x-0.8x at the drawn depths: wrong, as
the check refuses on every framework: on NumPy the clock must read at least 0.9x the seconds from the first
operation the output depends on to the return."""

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
    if isinstance(x, torch.Tensor):
        x.cpu()
        start = time.perf_counter()
        h = x
        for w in weights:
            h = torch.relu(torch.matmul(h, w))
        h.cpu()
        return h, time.perf_counter() - start
    # NumPy: the first layer takes the input in; time the network from there
    h = np.maximum(np.dot(x, weights[0]), 0)
    start = time.perf_counter()
    for w in weights[1:]:
        h = np.maximum(np.dot(h, w), 0)
    return h, time.perf_counter() - start
