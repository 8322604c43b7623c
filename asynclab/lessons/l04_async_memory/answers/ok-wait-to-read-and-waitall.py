"""Right answer: train_synced waits with l.wait_to_read(); train_every with nd.waitall() after batches k, 2k, ..."""

EXPECT = {"peak-increase": 1, "front-returns-early": 2, "sync-bounds-memory": 2, "sync-every-k": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd
from mxnet import nd


# %% ex3-train-synced
def train_synced(net, trainer, loss, batches):
    """One epoch of training that waits for every batch."""
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        l.wait_to_read()


# %% ex4-train-every
def train_every(net, trainer, loss, batches, k):
    """One epoch of training that waits once every k batches."""
    for i, (X, y) in enumerate(batches, start=1):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        if i % k == 0:
            nd.waitall()
