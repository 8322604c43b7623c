"""Right, reusing the student's own finish from step 1 for the input and for the output."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "timed-forward-fixed": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import numpy as np
import torch
from mxnet import nd


# %% ex3-timed-forward
def timed_forward(x, weights):
    if isinstance(x, nd.NDArray):
        dot, relu = nd.dot, nd.relu
    elif isinstance(x, torch.Tensor):
        dot, relu = torch.matmul, torch.relu
    else:
        dot, relu = np.dot, lambda a: np.maximum(a, 0)
    finish(x)  # noqa: F821 (step 1's function, defined in the notebook)
    start = time.perf_counter()
    h = x
    for w in weights:
        h = relu(dot(h, w))
    finish(h)  # noqa: F821
    return h, time.perf_counter() - start
