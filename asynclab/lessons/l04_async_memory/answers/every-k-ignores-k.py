"""train_every waits after every batch, whatever k is."""

EXPECT = {"peak-increase": 1, "front-returns-early": 2, "sync-bounds-memory": 2, "sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd


# %% ex4-train-every
def train_every(net, trainer, loss, batches, k):
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        l.mean().asscalar()
