"""Waits every ceil(k/2) batches instead of every k: its peaks still grow in step with k (each one that of
half the k), so k=5 stays low, k=50 high and the drawn middle k in step. Where the loop waits, watched from
the back end, is every ceil(k/2) batches."""

EXPECT = {"sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
import math


def train_every(net, trainer, loss, batches, k):
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, seen = nd.zeros(1), 0
    every = math.ceil(k / 2)
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
        if (i + 1) % every == 0:
            total.wait_to_read()
    return total / seen
