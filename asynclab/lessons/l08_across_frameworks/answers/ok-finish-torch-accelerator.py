"""Right, in another way (from a red team): finish waits for a tensor on any accelerator with PyTorch's
device-generic API, torch.accelerator.synchronize(y.device) (PyTorch 2.6 and later), which waits for y's own
device, cuda:1 included; MXNet waits with wait_to_read; a CPU tensor and a NumPy array are computed already. It
was refused ("Accelerator expected") while the stand-in device replaced torch.cuda's waits only."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.device.type != "cpu":
        torch.accelerator.synchronize(y.device)  # every kernel queued on y's device, whatever accelerator
    return y
