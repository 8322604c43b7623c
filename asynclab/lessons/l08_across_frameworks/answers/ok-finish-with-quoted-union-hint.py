"""Right answer (the solution's code) with a type hint for what the step says y may be, quoted as in many code
bases (PEP 484's forward references, or a habit from Pythons before 3.10): `y: "nd.NDArray | torch.Tensor |
np.ndarray"`. The copy judge takes any annotation whose string is more than a dotted name for "an annotation
written as a string of code" (copies._coded, meant for `__import__(...)` hidden in a hint) and scores the check
0: 3 points lost by a right answer. Found by a review (round 5): a string annotation that only writes a type out (names, [], |, lists) is allowed now."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy as np
import torch
from mxnet import nd


# %% ex1-finish
def finish(y: "nd.NDArray | torch.Tensor | np.ndarray") -> "nd.NDArray | torch.Tensor | np.ndarray":
    """Block until y (an MXNet array, a PyTorch tensor or a NumPy array) is computed; return y."""
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.device.type == "cuda":
        torch.cuda.synchronize(y.device)  # every kernel queued on y's device, y's among them
    # a CPU tensor and a NumPy array were computed inside the call that made them
    return y
