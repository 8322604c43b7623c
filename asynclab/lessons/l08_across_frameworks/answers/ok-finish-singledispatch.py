"""Right, in another way: finish is a functools.singledispatch generic function with one registered waiter per
framework (MXNet: wait_to_read; a CUDA tensor: synchronize its device; NumPy and anything else: nothing)."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
import functools


@functools.singledispatch
def _wait(y):
    pass  # NumPy and plain Python values: computed inside the call that made them


@_wait.register
def _(y: nd.NDArray):
    y.wait_to_read()


@_wait.register
def _(y: torch.Tensor):
    if y.device.type == "cuda":
        torch.cuda.synchronize(y.device)


def finish(y):
    _wait(y)
    return y
