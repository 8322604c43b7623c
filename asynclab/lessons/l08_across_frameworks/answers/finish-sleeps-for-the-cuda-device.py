"""finish(y) waits for an MXNet array, but on a CUDA tensor sleeps 0.25 s "for the device", long enough for any
small product: the check's stand-in device has 20-40 ms of work queued for y in one call and 150-200 ms in
another, and finish must return within 80 ms after the work ends, which no fixed sleep does in both."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        time.sleep(0.25)  # the device's kernels take a few milliseconds at most
    return y
