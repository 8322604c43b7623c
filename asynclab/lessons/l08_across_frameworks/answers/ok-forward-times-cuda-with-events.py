"""Right, in another way: on a CUDA tensor it times the forward with CUDA events recorded on the stream of the
tensor's own device before and after it (the device's own clock, as PyTorch's documentation advises), and waits
for the end event; on a CPU tensor and on MXNet and NumPy it reads the host's clock around a forward whose input
and output it waits for."""

EXPECT = {"timed-forward-fixed": 3}

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
        stream = torch.cuda.current_stream(x.device)  # x's device, which need not be the current one
        begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        begin.record(stream)
        h = forward(x, weights, torch.matmul, torch.relu)
        end.record(stream)
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
