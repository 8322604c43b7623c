"""finish(y) waits for everything MXNet queued (nd.waitall) and, for a CUDA tensor, records and waits for an event of its own on y's device: coarser than the solution, still right."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if type(y).__module__.startswith("mxnet"):
        nd.waitall()  # every array MXNet queued, y's product among them
    elif getattr(y, "is_cuda", False):
        with torch.cuda.device(y.device):
            done = torch.cuda.Event()
            done.record()  # after the kernels queued on this device's current stream
            done.synchronize()
    return y
