"""Fixes MXNet's two bugs, but on PyTorch waits with y.to("cpu", non_blocking=True) for both the input and
the output: a non-blocking copy to the host returns at once, so on a GPU neither is waited for and the clock
reads the time to issue the forward. The stand-in's non-blocking copy does not wait either: the seconds fall
below 0.6x the forward's device time."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu, done = nd.dot, nd.relu, lambda y: y.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.to("cpu", non_blocking=True)
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
