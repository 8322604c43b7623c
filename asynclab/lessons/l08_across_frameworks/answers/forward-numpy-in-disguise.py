"""Times NumPy's forward for every framework and hands the output back converted to the input's framework
(nd.array, torch.from_numpy): the type and values are right, but MXNet's autograd record shows no MXNet product
computing the output, so the check refuses it: the seconds must be the forward's own in the input's framework."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        to_numpy, back = (lambda a: a.asnumpy()), nd.array
    elif isinstance(x, torch.Tensor):
        to_numpy, back = (lambda a: a.cpu().numpy()), torch.from_numpy
    else:
        to_numpy, back = (lambda a: a), (lambda a: a)
    h, ws = to_numpy(x), [to_numpy(w) for w in weights]
    start = time.perf_counter()
    for w in ws:
        h = np.maximum(h @ w, 0)
    seconds = time.perf_counter() - start
    return back(h), seconds
