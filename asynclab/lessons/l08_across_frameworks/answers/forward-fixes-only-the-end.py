"""Waits for the output (one bug fixed) but starts the clock while MXNet is still computing the input: the layer before's work is counted as the forward's."""

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
        done = lambda y: y.wait_to_read()
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
