"""Wrong, a cheat (from a red team): right on MXNet, on CPU tensors and on NumPy, but on a CUDA tensor it never
waits and reads no clock: it issues the forward and reports a typed-in 10 ms per layer. The check's stand-in device
takes 8, 10 or 12 ms per product, so the figure sat inside the 0.6x-1.4x band and scored 3 in 2 runs of 2; the probe
now refuses a function that returns before the device has run the forward."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd

# %% ex3-timed-forward
GPU_LAYER_S = 0.010  # a layer's kernels on a GPU, about 10 ms (typed in: this machine has no GPU to time)


def timed_forward(x, weights):
    if isinstance(x, torch.Tensor) and x.is_cuda:
        out = x
        for w in weights:
            out = torch.relu(torch.matmul(out, w))
        return out, GPU_LAYER_S * len(weights)
    if isinstance(x, nd.NDArray):
        dot, relu = nd.dot, nd.relu
        x.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    t0 = time.perf_counter()
    out = x
    for w in weights:
        out = relu(dot(out, w))
    if isinstance(out, nd.NDArray):
        out.wait_to_read()
    return out, time.perf_counter() - t0
