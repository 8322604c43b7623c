"""Sidesteps the frameworks: converts every input to NumPy and times NumPy's forward, so it returns a NumPy array for MXNet's and PyTorch's inputs."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    as_numpy = lambda a: a.asnumpy() if isinstance(a, nd.NDArray) else a.numpy() if isinstance(a, torch.Tensor) else a
    x, weights = as_numpy(x), [as_numpy(w) for w in weights]
    start = time.perf_counter()
    h = x
    for w in weights:
        h = np.maximum(h @ w, 0)
    return h, time.perf_counter() - start
