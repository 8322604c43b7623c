"""Fixes the colleague's function with the course's own MXNet wait pasted in (asynclab.foundation.backends.mxnet.sync, as it stands) for the input and the output: the step's waits are the course's, copied, so they earn nothing."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def sync(array):
    """Block until ``array`` (or every array in a list/tuple) is computed."""
    if isinstance(array, (list, tuple)):
        for item in array:
            sync(item)
        return
    if not hasattr(array, "wait_to_read"):
        raise TypeError(f"expected an MXNet array, got {type(array).__name__}.")
    array.wait_to_read()


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu, done = nd.dot, nd.relu, sync
    elif isinstance(x, torch.Tensor):
        dot, relu, done = torch.matmul, torch.relu, lambda y: y.cpu()
    else:
        dot, relu, done = np.dot, lambda a: np.maximum(a, 0), lambda y: None
    done(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    done(h)
    return h, time.perf_counter() - start
