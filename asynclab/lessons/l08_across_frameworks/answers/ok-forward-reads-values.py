"""Right, in another way: it reads one value of the input and of the output back to Python, which waits on every framework and device (and costs next to nothing)."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def first_value(a):
    return float(a[0, 0].asscalar()) if isinstance(a, nd.NDArray) else float(a[0, 0])


def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        layer = lambda h, w: nd.relu(nd.dot(h, w))
    elif isinstance(x, torch.Tensor):
        layer = lambda h, w: torch.relu(torch.matmul(h, w))
    else:
        layer = lambda h, w: np.maximum(np.dot(h, w), 0)
    first_value(x)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = layer(h, w)
    first_value(h)
    seconds = time.perf_counter() - start
    return h, seconds
