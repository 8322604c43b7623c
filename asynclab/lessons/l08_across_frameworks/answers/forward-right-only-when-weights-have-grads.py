"""Found by a red team: timed_forward keeps the colleague's two MXNet bugs (the clock started while the input is still computing, stopped by y.shape, which waits for nothing) unless the first weight has a gradient buffer attached, which only the check does (so that MXNet's autograd record can show what computed the output): there it waits for the input, then for the output. It tells the check's call from any other by an ordinary attribute of what it is handed, not by the judge's refused questions (autograd.is_recording, is_training): in the lab's own comparison cell it still reports the colleague's figures. It scored 3 when every MXNet run of the check had gradient buffers; the drawn network now also runs on plain weights outside the record."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        watched = weights[0].grad is not None
        dot, relu = nd.dot, nd.relu
        done = (lambda y: y.wait_to_read()) if watched else (lambda y: y.shape)
        if watched:
            x.wait_to_read()
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
        done(x)  # PyTorch's branch is right: the input is waited for before the clock
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
