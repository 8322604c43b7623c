"""finish(y) is the course's own wait functions pasted in: asynclab.foundation.backends.mxnet.sync as it stands, and the body of backends.torch.sync for a CUDA tensor; the step's work is the course's, copied, so it earns nothing."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def sync(array):
    """Block until ``array`` (or every array in a list/tuple) is computed."""
    if isinstance(array, (list, tuple)):
        for item in array:
            sync(item)
        return
    if not hasattr(array, "wait_to_read"):
        raise TypeError(f"expected an MXNet array, got {type(array).__name__}.")
    array.wait_to_read()


def finish(y):
    if isinstance(y, nd.NDArray):
        sync(y)
    elif isinstance(y, torch.Tensor):
        for t in [y]:
            if t.device.type == "cuda":
                with torch.cuda.device(t.device):
                    event = torch.cuda.Event()
                    event.record()
                    event.synchronize()
    return y
