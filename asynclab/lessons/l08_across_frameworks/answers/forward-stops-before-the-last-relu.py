"""timed_forward waits for MXNet's input before the clock (right), but at the end it waits for the last layer's
product only, then issues the last relu and stops the clock without waiting for it: the output it returns is
still queued when the clock stops, so the seconds are not the forward's. The missing piece is one elementwise
operator, small beside the products, so the queued share and the reported seconds stay inside the check's
windows; but MXNet's profiler, over the call, shows that relu ending after the call returned."""

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
        for layer, w in enumerate(weights):
            z = nd.dot(h, w)
            if layer == len(weights) - 1:
                z.wait_to_read()  # the last product is done: the forward is "over"
            h = nd.relu(z)
        return h, time.perf_counter() - start
    if isinstance(x, torch.Tensor):
        x.cpu()
        start = time.perf_counter()
        h = x
        for w in weights:
            h = torch.relu(torch.matmul(h, w))
        h.cpu()
        return h, time.perf_counter() - start
    start = time.perf_counter()
    h = x
    for w in weights:
        h = np.maximum(np.dot(h, w), 0)
    return h, time.perf_counter() - start
