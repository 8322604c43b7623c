"""Right on PyTorch and NumPy, but on MXNet it "makes sure the input is computed" by computing the first layer
and waiting for it, and only then starts the clock for the other layers: MXNet's seconds are (L-1)/L of the
forward, 0.67x to 0.8x at the drawn depths, inside MXNet's wide band of 0.25x to 2.2x. MXNet's profiler shows
the forward's first product beginning 1.25x-1.34x the reported seconds before the return (needs <= 1.1x)."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        first = nd.relu(nd.dot(x, weights[0]))
        first.wait_to_read()  # the input surely computed once the first layer is
        began = time.perf_counter()
        out = first
        for w in weights[1:]:
            out = nd.relu(nd.dot(out, w))
        out.wait_to_read()
        return out, time.perf_counter() - began
    if isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    sync = (lambda: torch.cuda.synchronize(x.device)) if isinstance(x, torch.Tensor) and x.is_cuda else (lambda: None)
    sync()
    began = time.perf_counter()
    out = x
    for w in weights:
        out = relu(dot(out, w))
    sync()
    return out, time.perf_counter() - began
