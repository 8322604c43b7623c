"""train_async returns the loss from inside the loop: it trains on the first batch only."""

EXPECT = {"peak-increase": 1, "front-returns-early": 0, "sync-bounds-memory": 2, "sync-every-k": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        return l
