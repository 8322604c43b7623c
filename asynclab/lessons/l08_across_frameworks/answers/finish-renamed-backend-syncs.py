"""finish(y) is the course's backends.mxnet.sync and backends.torch.sync re-typed under other names, the two frameworks' branches in the other order, wrapped in helpers of its own: the course's waits, copied."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def _settle_tensor(value):
    for part in [value]:
        if part.device.type == "cuda":
            with torch.cuda.device(part.device):
                mark = torch.cuda.Event()
                mark.record()
                mark.synchronize()


def _settle_array(value):
    if isinstance(value, (list, tuple)):
        for piece in value:
            _settle_array(piece)
        return
    if not hasattr(value, "wait_to_read"):
        raise TypeError(f"expected an MXNet array, got {type(value).__name__}.")
    value.wait_to_read()


def finish(y):
    if isinstance(y, torch.Tensor):
        _settle_tensor(y)
    elif isinstance(y, nd.NDArray):
        _settle_array(y)
    return y
