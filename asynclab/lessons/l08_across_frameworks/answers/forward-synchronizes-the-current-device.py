"""Fixes MXNet's two bugs with wait_to_read on the input and the output, and on a CUDA tensor waits at both ends
with torch.cuda.synchronize() and no argument, which waits for the current device, not for the one x is on: on a
machine with two GPUs, a network on cuda:1 (the current device cuda:0) is waited for neither at the start nor at
the end, and the seconds are the time to issue it. Step 1 refuses the same wait in finish
(finish-synchronizes-the-current-device)."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def settle(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        torch.cuda.synchronize()  # no GPU work may be running when the clock is read


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        layer = lambda a, w: nd.relu(nd.dot(a, w))
    elif isinstance(x, torch.Tensor):
        layer = lambda a, w: torch.relu(a @ w)
    else:
        layer = lambda a, w: np.maximum(a @ w, 0)
    settle(x)
    t0 = time.perf_counter()
    out = x
    for w in weights:
        out = layer(out, w)
    settle(out)
    return out, time.perf_counter() - t0
