"""finish(y) hands each framework to the course's own wait functions (asynclab.foundation.backends), which the step does not name: it is the step's work done by the course, so it earns nothing."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
from asynclab.foundation.backends import mxnet as mxb
from asynclab.foundation.backends import torch as tb


def finish(y):
    if isinstance(y, nd.NDArray):
        mxb.sync(y)
    elif isinstance(y, torch.Tensor):
        tb.sync(y)
    return y
