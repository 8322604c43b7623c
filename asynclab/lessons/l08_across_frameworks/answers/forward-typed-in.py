"""Computes the output right but reports a figure read off the colleague's table, the same for every framework and size."""

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
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    h = x
    for w in weights:
        h = relu(dot(h, w))
    return h, 0.06
