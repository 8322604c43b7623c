"""Right, in another way: a warm-up forward inside the function, finished before the clock starts; only the second forward, whose output it returns, is timed."""

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
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None

    def forward():
        h = x
        for w in weights:
            h = relu(dot(h, w))
        return h

    done(forward())  # a warm-up: waits for the input too
    start = time.perf_counter()
    h = forward()
    done(h)
    return h, time.perf_counter() - start
