"""finish(y) is right, but takes MXNet's wait from the check's own table (lab08.CALLS, the module the check cell imports): reaching into the checks earns nothing."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names, and the check cell lab08, when graded.
import torch
from mxnet import nd

from asynclab.lessons.l08_across_frameworks import checks as lab08


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        waits = [call for call in lab08.CALLS["MXNet"] if "wait" in call]  # ["y.wait_to_read()"]
        eval(waits[0], {"y": y})
    elif isinstance(y, torch.Tensor) and y.device.type == "cuda":
        torch.cuda.synchronize(y.device)
    return y
