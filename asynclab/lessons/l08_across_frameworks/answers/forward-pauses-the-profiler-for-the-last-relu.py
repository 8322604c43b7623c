"""The last-ReLU answer, with MXNet's profiler paused while it issues that ReLU, so that the profile the check
records holds no operator ending after the return. Wrong: the output is still queued when the clock stops, and
pausing the check's own recording hides it. The check declares MXNet's profiler as its instrument: an answer that
uses it scores 0."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
from mxnet import profiler


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        x.wait_to_read()
        start = time.perf_counter()
        h = x
        for layer, w in enumerate(weights):
            z = nd.dot(h, w)
            if layer == len(weights) - 1:
                z.wait_to_read()  # the last product is done: the forward is "over"
            if layer == len(weights) - 1:
                profiler.pause()  # the last relu off the record
            h = nd.relu(z)
            if layer == len(weights) - 1:
                profiler.resume()
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
