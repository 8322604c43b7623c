"""Right on MXNet and NumPy, but on PyTorch runs the forward in NumPy and hands the output back as a tensor (torch.from_numpy): the figure is NumPy's, not PyTorch's, and on a GPU it would time the CPU."""

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
        for w in weights:
            h = nd.relu(nd.dot(h, w))
        h.wait_to_read()
        return h, time.perf_counter() - start
    back = torch.from_numpy if isinstance(x, torch.Tensor) else np.asarray
    x = x.numpy() if isinstance(x, torch.Tensor) else x
    weights = [w.numpy() if isinstance(w, torch.Tensor) else w for w in weights]
    start = time.perf_counter()
    h = x
    for w in weights:
        h = np.maximum(h @ w, 0)
    return back(h), time.perf_counter() - start
