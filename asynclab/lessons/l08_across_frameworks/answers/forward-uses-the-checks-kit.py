"""Builds the network with the check's own helper (lab08._forward_kit): an answer that reaches into the checks scores 0."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
from asynclab.lessons.l08_across_frameworks import checks as lab08


def timed_forward(x, weights):
    name = "MXNet" if isinstance(x, nd.NDArray) else "PyTorch" if isinstance(x, torch.Tensor) else "NumPy"
    _, _, dot, relu, wait_all = lab08._forward_kit(name, x.shape[0], len(weights))
    wait_all()
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    wait_all()
    return h, time.perf_counter() - start
