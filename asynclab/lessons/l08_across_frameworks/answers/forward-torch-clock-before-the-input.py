"""Fixes MXNet's two bugs, but on PyTorch starts the clock before waiting for the input (it waits for the
input and the output with one y.cpu() at the end): on a CPU tensor nothing is queued, so the figure is right
there; on a GPU the clock also runs over the layer before's kernels, still queued when the input is handed on."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        x.wait_to_read()
        start = time.perf_counter()
        h = x
        for w in weights:
            h = nd.relu(nd.dot(h, w))
        h.wait_to_read()
        return h, time.perf_counter() - start
    product, relu = (torch.matmul, torch.relu) if isinstance(x, torch.Tensor) else (np.dot, lambda a: np.maximum(a, 0))
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(product(h, w))
    if isinstance(h, torch.Tensor):
        h.cpu()
    return h, time.perf_counter() - start
