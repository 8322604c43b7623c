"""MXNet and PyTorch are timed as the solution times them, but on NumPy the clock starts after the first layer
("so the input is surely there"), and every product is written with the array method, h.dot(w), which skips
NumPy's dispatch. The seconds are (L-1)/L of the forward: wrong. The check hands NumPy's arrays over traced, and
notes the dot method as np.dot, so the first layer is still the output's first operation."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, np.ndarray):
        h = np.maximum(x.dot(weights[0]), 0)
        start = time.perf_counter()
        for w in weights[1:]:
            h = np.maximum(h.dot(w), 0)
        return h, time.perf_counter() - start
    if isinstance(x, nd.NDArray):
        dot, relu, done = nd.dot, nd.relu, lambda y: y.wait_to_read()
    else:
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
