"""On a CUDA tensor it times the forward with CUDA events made without enable_timing=True (the default of
torch.cuda.Event()): on a GPU elapsed_time raises RuntimeError for such events, so the function fails on every
CUDA input. The stand-in's events raise as CUDA's do."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, torch.Tensor) and x.is_cuda:
        begin, end = torch.cuda.Event(), torch.cuda.Event()
        begin.record()
        h = x
        for w in weights:
            h = torch.relu(torch.matmul(h, w))
        end.record()
        end.synchronize()
        return h, begin.elapsed_time(end) / 1000
    if isinstance(x, nd.NDArray):
        dot, relu, done = nd.dot, nd.relu, lambda y: y.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: None
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
