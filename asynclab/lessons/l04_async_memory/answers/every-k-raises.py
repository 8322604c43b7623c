"""train_every raises an error instead of training."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
def train_every(net, trainer, loss, batches, k):
    raise ValueError("not yet")
