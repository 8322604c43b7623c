"""Right, in another way (from a red team): finish waits for a tensor on any non-CPU device through the device's
own module, torch.get_device_module(y.device).synchronize(y.device) (torch.cuda for a CUDA tensor, the device
named, cuda:1 included); MXNet waits with wait_to_read; CPU tensors and NumPy arrays are computed already."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.device.type != "cpu":
        torch.get_device_module(y.device).synchronize(y.device)
    return y
