"""Waits for MXNet's input and output as the solution does, but starts the clock before a warm-up forward: its seconds are two forwards' on every framework (MXNet's stay under the 2.2x bound; on PyTorch the output's own forward took half of them)."""

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
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None

    def forward():
        h = x
        for w in weights:
            h = relu(dot(h, w))
        return h

    done(x)
    start = time.perf_counter()
    done(forward())  # a warm-up, so that the timed pass finds everything ready
    h = forward()
    done(h)
    return h, time.perf_counter() - start
