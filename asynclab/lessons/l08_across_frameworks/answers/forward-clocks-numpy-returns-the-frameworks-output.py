"""Sidesteps the frameworks' timing, as forward-in-numpy, forward-numpy-in-disguise and forward-pytorch-through-numpy
do, but gets past the guards that refuse those: every framework's seconds are NumPy's (the same network run in
NumPy on the input's values, "a framework that computes inside each call, so its clock cannot lie"), while the
output handed back is the input's framework's own forward, computed (and, on MXNet, waited for) first, outside the
clock. The check's guards against another framework's figure are on the output's provenance only: on MXNet the
autograd record (_products_recorded) finds one MXNet product per layer computing the output; on PyTorch the lineage
(torch_lineage.Lineage.began) finds PyTorch's operations computing it during the call. Type and values are right and
nothing is left queued. NumPy's forward and MXNet's run comparable BLAS code on this CPU, so the figure falls within
0.25x-2.2x of MXNet's compute time on the square networks (the one-row network's products, MXNet's at about
2.5 GFLOP/s, are memory-bound in NumPy as well: to be confirmed by running it); on PyTorch the call counted from the
output's first operation spans the PyTorch forward and the NumPy one, so the figure is about 0.5 of it (<= 1.05),
and at least 0.25x PyTorch's compute. The colleague's comparison it would print: three frameworks "equally fast",
because all three figures are NumPy's. Found by a review (round 5): on PyTorch the figure must be at least CLOCKED_LOW (now 0.9x) of the forward that computed the output."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def _values(a):
    """The values of an array of any of the three frameworks, as NumPy's (reading them waits for them)."""
    if isinstance(a, nd.NDArray):
        return a.asnumpy()
    if isinstance(a, torch.Tensor):
        return a.detach().cpu().numpy()
    return np.asarray(a)


def timed_forward(x, weights):
    """The ReLU network's output for input x, and the seconds its forward pass took (any framework)."""
    # the output: the input's framework's own forward
    out = x
    if isinstance(x, nd.NDArray):
        for w in weights:
            out = nd.relu(nd.dot(out, w))
        out.wait_to_read()
    elif isinstance(x, torch.Tensor):
        for w in weights:
            out = torch.relu(out @ w)
    # the clock: the same forward in NumPy, which computes inside each call
    h, ws = _values(x), [_values(w) for w in weights]
    start = time.perf_counter()
    for w in ws:
        h = np.maximum(h @ w, 0)
    seconds = time.perf_counter() - start
    if isinstance(x, np.ndarray):
        out = h
    return out, seconds
