"""finish(y) waits for an MXNet array only and hands every PyTorch tensor back at once, CUDA ones too ("PyTorch
computes inside the call", true on the CPU only): on a GPU a tensor's kernels may still be queued when it
returns. The check hands over a tensor that says it is on cuda:0 and notes no call that waits for the device."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    return y
