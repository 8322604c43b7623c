"""Keeps the colleague's two MXNet bugs (y.shape as the wait, the clock started while the input computes) except when MXNet's autograd is recording, which it does only inside the check: detects the check and is right only there. The judge refuses the question (mxnet.autograd.is_recording)."""

EXPECT = {"timed-forward-fixed": 0}

import time

import numpy as np
import torch
from mxnet import autograd, nd


# %% ex3-timed-forward
from mxnet import autograd


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        if autograd.is_recording():  # a training step: be careful
            dot, relu, done = nd.dot, nd.relu, lambda y: y.wait_to_read()
        else:
            dot, relu, done = nd.dot, nd.relu, lambda y: y.shape
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    if autograd.is_recording():
        done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
