"""Fixes MXNet's two waits but also "tidies" the PyTorch line: it waits with y.numpy() instead of y.cpu() (no copy of
the output), which raises TypeError on a real CUDA tensor, so the timing fails on a GPU; the check's stand-in cuda:0
tensor let .numpy() wait for its device and return values; it now raises as PyTorch does."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    """The ReLU network's output for input x, and the seconds its forward pass took (any framework)."""
    if isinstance(x, nd.NDArray):
        layer, done = (lambda h, w: nd.relu(nd.dot(h, w))), (lambda y: y.wait_to_read())
    elif isinstance(x, torch.Tensor):
        # reading the values waits for the device; .numpy() reads them where they are, without .cpu()'s copy
        layer, done = (lambda h, w: torch.relu(torch.matmul(h, w))), (lambda y: y.numpy())
    else:
        layer, done = (lambda h, w: np.maximum(np.dot(h, w), 0)), (lambda y: None)
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = layer(h, w)
    done(h)
    return h, time.perf_counter() - start
