"""Fixes MXNet's two bugs but "simplifies" the PyTorch branch to wait for nothing (it was right: y.cpu() waits for a CUDA tensor): on a GPU the clock stops before PyTorch's kernels have run, and the input's kernels are counted in."""

EXPECT = {"timed-forward-fixed": 0}

import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu, done = nd.dot, nd.relu, lambda y: y.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: None  # "PyTorch is eager"
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
