"""Found by a red team: finish waits for an MXNet array only when it is large (at least 100,000 values), on the theory that a small result is computed by the time anyone looks: a loss, a norm, a 1x1 sum queued behind a long product is returned unfinished. The check hands finish MXNet products of 800x800 and up only, so the rule's wrong side is never asked; the PyTorch branch is right (a CUDA tensor synchronized on its device). The check now also finishes the norm of a 2000x2000 product (one value): this finish leaves 0.99-1.00 of its time queued, right answers 0.000 (6 checks each, quiet and with one core busy), against a bound of 0.25."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        if y.size >= 100_000:  # a small result is ready long before we look
            y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.device.type == "cuda":
        torch.cuda.synchronize(y.device)
    return y
