"""Right answer: the solution's fix, with PyTorch's products written ``torch.linalg.matmul(h, w)`` (the
torch.linalg name of the same matrix product, as a student fresh from ``np.linalg`` might pick); the input is
waited for before the clock and the output after the forward, with the solution's copy to the host."""

EXPECT = {"timed-forward-fixed": 3}

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
        dot, relu, done = torch.linalg.matmul, torch.relu, lambda y: y.cpu()
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
