"""Wrong (the PyTorch twin of forward-stops-before-the-last-relu): MXNet and NumPy are the solution's, but on
PyTorch timed_forward waits for the input, then at the end waits for the last layer's product only (a copy of it
to the host), issues the last relu and stops the clock without waiting for it. On a GPU the output it returns is
still queued when the clock stops, as MXNet's is in the MXNet twin. The CUDA stand-in gives the relu device time
of its own, and the check sees work issued after the answer's last wait."""

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
    if isinstance(x, torch.Tensor):
        x.cpu()  # the input's layer first
        start = time.perf_counter()
        h = x
        for layer, w in enumerate(weights):
            z = torch.matmul(h, w)
            if layer == len(weights) - 1:
                z.cpu()  # the last product is done: the forward is "over"
            h = torch.relu(z)
        return h, time.perf_counter() - start
    start = time.perf_counter()
    h = x
    for w in weights:
        h = np.maximum(np.dot(h, w), 0)
    return h, time.perf_counter() - start
