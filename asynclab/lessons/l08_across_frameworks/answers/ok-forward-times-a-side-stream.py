"""Right, in another way: on a CUDA tensor the forward runs on a side stream of its own that first waits for
the default stream (where the input's layer is still queued), timed by CUDA events recorded on that side
stream, and the side stream is synchronized before the events are read; elsewhere the solution's clock around
a forward whose input and output it waits for."""

EXPECT = {"timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, torch.Tensor) and x.is_cuda:
        side = torch.cuda.Stream(device=x.device)
        side.wait_stream(torch.cuda.current_stream(x.device))  # the input is computed on the default stream
        begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        with torch.cuda.stream(side):
            begin.record()
            h = x
            for w in weights:
                h = torch.relu(torch.matmul(h, w))
            end.record()
        side.synchronize()
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
