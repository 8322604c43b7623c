"""Waits for the input, then sleeps a fixed 60 ms (the colleague's PyTorch figure) instead of waiting for MXNet's output."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu = nd.dot, nd.relu
        x.wait_to_read()
        done = lambda y: time.sleep(0.06)
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
        done = lambda y: y.cpu()
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
        done = lambda y: None
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
