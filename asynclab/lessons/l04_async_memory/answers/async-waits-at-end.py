"""train_async waits for the back end before it returns."""

EXPECT = {"peak-increase": 1, "front-returns-early": 0, "sync-bounds-memory": 2, "sync-every-k": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd
from mxnet import nd


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
    nd.waitall()
