"""On a CUDA tensor it times the forward with CUDA events recorded on a new side stream of its own: the
forward runs on the default stream, so both events are reached at once on the empty side stream and the
seconds read about 0. The stand-in stamps an event with the time the device reaches the stream that records
it, and the seconds fall below 0.6x the forward's device time."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, torch.Tensor) and x.is_cuda:
        side = torch.cuda.Stream(device=x.device)
        begin = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        begin.record(side)
        h = x
        for w in weights:
            h = torch.relu(torch.matmul(h, w))
        end.record(side)
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
