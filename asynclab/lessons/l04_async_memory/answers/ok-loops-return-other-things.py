"""Right answer: train_synced returns its losses in a dict and train_every a mixed list; what a loop returns does not matter."""

EXPECT = {"peak-increase": 1, "front-returns-early": 2, "sync-bounds-memory": 2, "sync-every-k": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd


# %% ex3-train-synced
def train_synced(net, trainer, loss, batches):
    losses = {}
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        mean = l.mean()
        mean.wait_to_read()
        losses[i] = mean
    return losses


# %% ex4-train-every
def train_every(net, trainer, loss, batches, k):
    losses = []
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        if (i + 1) % k == 0:
            mean = l.mean()
            mean.wait_to_read()
            losses.append(mean)
    return [losses[0], "text", None, losses[-1].asnumpy(), 2.5]
