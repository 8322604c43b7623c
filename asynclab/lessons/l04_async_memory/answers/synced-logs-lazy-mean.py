"""train_synced 'logs' every loss by appending l.mean() to a list, which never waits."""

EXPECT = {"peak-increase": 1, "front-returns-early": 2, "sync-bounds-memory": 0, "sync-every-k": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd


# %% ex3-train-synced
def train_synced(net, trainer, loss, batches):
    """One epoch of training that waits for every batch."""
    losses = []
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        losses.append(l.mean())  # log the loss of every batch
