"""Waits for the input, issues the forward and then, instead of waiting for the output, sleeps for a time
worked out from the shapes (the forward's multiply-adds over a rate typed in from one earlier run, with a
margin of 1.2). The sleep covers the square networks' work, but on MXNet's one-row network, whose products
cost some 30x more per multiply-add, it returns with about 0.8x-1.0x of the forward's time still queued,
and earns nothing."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
RATE = 7.48e10  # floating-point operations a second, read off one earlier run


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu = nd.dot, nd.relu
        x.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    if isinstance(h, nd.NDArray):
        rows, width = x.shape
        time.sleep(1.2 * sum(2 * rows * width * w.shape[1] for w in weights) / RATE)
    return h, time.perf_counter() - start
