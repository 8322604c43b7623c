"""Right answer written differently: finish asks sys.modules.get("torch") and sys.modules.get("mxnet") whether each
framework is loaded before it waits in it, the usual framework-agnostic idiom."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-finish
import sys


def finish(y):
    """Block until y (an MXNet array, a PyTorch tensor or a NumPy array) is computed; return y."""
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
        return y
    torch = sys.modules.get("torch")  # loaded only if the caller uses PyTorch
    if torch is not None and isinstance(y, torch.Tensor) and y.device.type == "cuda":
        torch.cuda.synchronize(y.device)
    return y
