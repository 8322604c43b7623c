"""The colleague's second bug "fixed" by letting the first layer wait for the input: it computes the first layer
from the input as handed over, waits for that layer's output (so the input is surely computed), and only then
starts the clock for the other layers. The waits at both ends are real, nothing is left queued and the output is
the network's, but the seconds reported are those of every layer but the first: (L-1)/L of the forward, 0.67x to
0.8x at the drawn depths, on every framework and on the stand-in GPU too (refused on PyTorch, against the
forward that computed the output, and on the stand-in device, both 0.9x at least)."""

EXPECT = {"timed-forward-fixed": 0}

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
    # the first layer is where the input arrives: once its output is done, the input surely is too
    first = relu(dot(x, weights[0]))
    done(first)
    began = time.perf_counter()
    out = first
    for layer in weights[1:]:
        out = relu(dot(out, layer))
    done(out)
    return out, time.perf_counter() - began
