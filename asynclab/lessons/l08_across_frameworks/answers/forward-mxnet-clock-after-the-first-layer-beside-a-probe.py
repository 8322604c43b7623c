"""On MXNet the clock starts after the first layer (the first layer computed and waited for "so the input is surely
there", as forward-mxnet-clock-after-the-first-layer), and right after starting the clock it issues a 1x1 probe
product, nd.dot(ones(1, 1), ones(1, 1)), "to check that the engine answers". The seconds are (L-1)/L of the forward
(0.67x-0.8x on the drawn network): wrong. The guard against a late clock (_products_began, STARTED) takes the L-th
most recent matrix product before the return for the forward's first, leaving out products far shorter than the
profile's typical one, such as the probe: it reads the first layer's, which began before the clock. PyTorch and
NumPy are fixed as the solution fixes them."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        h = nd.relu(nd.dot(x, weights[0]))
        h.wait_to_read()  # the input is there once the first layer is
        start = time.perf_counter()
        nd.dot(nd.ones((1, 1)), nd.ones((1, 1))).wait_to_read()  # the engine answers
        for w in weights[1:]:
            h = nd.relu(nd.dot(h, w))
        h.wait_to_read()
        return h, time.perf_counter() - start
    if isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
