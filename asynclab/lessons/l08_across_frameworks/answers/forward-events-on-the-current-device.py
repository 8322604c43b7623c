"""Times a CUDA tensor's forward with CUDA events recorded with no stream named, as PyTorch's documentation shows
them: they go on the current device's stream. Right on a machine with one GPU, or where the tensor is on the
current device; on cuda:1 of a machine whose current device is cuda:0, the events time cuda:0, which has nothing
to do, and the end event is done before the forward has run: it returns while cuda:1 still computes."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def forward(x, weights, product, relu):
    h = x
    for w in weights:
        h = relu(product(h, w))
    return h


def timed_forward(x, weights):
    if isinstance(x, torch.Tensor) and x.is_cuda:
        begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        begin.record()
        h = forward(x, weights, torch.matmul, torch.relu)
        end.record()
        end.synchronize()
        return h, begin.elapsed_time(end) / 1000
    if isinstance(x, nd.NDArray):
        x.wait_to_read()
        start = time.perf_counter()
        h = forward(x, weights, nd.dot, nd.relu)
        h.wait_to_read()
    elif isinstance(x, torch.Tensor):
        start = time.perf_counter()
        h = forward(x, weights, torch.matmul, torch.relu)
    else:
        start = time.perf_counter()
        h = forward(x, weights, np.dot, lambda a: np.maximum(a, 0))
    return h, time.perf_counter() - start
