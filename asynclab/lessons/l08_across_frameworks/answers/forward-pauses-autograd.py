"""The solution's forward run under autograd.pause() on MXNet (torch.no_grad() on PyTorch), as an inference pass
is often written. The step says that the check follows MXNet's autograd record to see that MXNet's products computed
the output, and that recording must be left as the check sets it: paused, the record shows nothing, and the output
is refused as not computed by MXNet. Found by a review (round 5), when the step did not say so."""

EXPECT = {"timed-forward-fixed": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
import contextlib

from mxnet import autograd


def timed_forward(x, weights):
    """The ReLU network's output for input x, and the seconds its forward pass took (any framework)."""
    if isinstance(x, nd.NDArray):
        dot, relu, done, inference = nd.dot, nd.relu, lambda y: y.wait_to_read(), autograd.pause
    elif isinstance(x, torch.Tensor):
        # right as it was: copying a CUDA tensor back waits for it, and a CPU tensor is computed already
        dot, relu, done, inference = torch.matmul, torch.relu, lambda y: y.cpu(), torch.no_grad
    else:
        dot, relu, done, inference = np.dot, lambda a: np.maximum(a, 0), lambda y: None, contextlib.nullcontext
    done(x)  # the input may still be computing (the layer before it): not the forward's time
    with inference():  # a forward pass for inference: nothing recorded for a backward pass
        start = time.perf_counter()
        h = x
        for w in weights:
            h = relu(dot(h, w))
        done(h)
        seconds = time.perf_counter() - start
    return h, seconds
