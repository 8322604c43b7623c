"""train_synced waits for every loss but never calls trainer.step: nothing is learned."""

EXPECT = {"peak-increase": 1, "front-returns-early": 2, "sync-bounds-memory": 0, "sync-every-k": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd


# %% ex3-train-synced
def train_synced(net, trainer, loss, batches):
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        l.mean().asscalar()
