"""Waits when ``i > 0 and i % k == 0`` with ``i`` counted from 0, after batches k+1, 2k+1, ...: once every k
batches, but the first window holds k+1 batches, past the bound the step asks for (the first wait within the
first k batches), whatever the k drawn."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
def train_every(net, trainer, loss, batches, k):
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, seen = nd.zeros(1), 0
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
        if i > 0 and i % k == 0:  # not after the first batch: wait once a window of k batches has gone by
            l.wait_to_read()
    return total / seen
