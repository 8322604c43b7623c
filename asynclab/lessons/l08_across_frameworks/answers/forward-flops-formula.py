"""Computes the network's output and waits for it, but never reads a clock: the seconds it reports are the
forward's multiply-adds (2 * rows * width**2 per layer) over a rate typed in from one earlier run on this
machine. The figure follows the width and depth the check draws, but not the cost of a product: on MXNet's
one-row network, whose products cost some 30x more per multiply-add, it reports about 0.03x the forward's
compute time, and earns nothing."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
RATE = 7.48e10  # floating-point operations a second, read off one earlier run


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu = nd.dot, nd.relu
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    h = x
    for w in weights:
        h = relu(dot(h, w))
    if isinstance(h, nd.NDArray):
        nd.waitall()
    rows, width = x.shape
    return h, sum(2 * rows * width * w.shape[1] for w in weights) / RATE
