"""train_async drops the script's filter on grad_req and clips the gradients of every parameter the network has: on a network with parameters that take no gradient (a BatchNorm's running mean and variance, a frozen embedding), p.grad() raises and the epoch never runs, where the script trains. Every parameter of the check's networks (Dense layers only) takes a gradient, so the filter is never needed there."""

EXPECT = {"peak-increase": 2, "front-returns-early": 0, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    """Queue one epoch of the script's training, clipping included; return its mean loss, not yet computed."""
    params = list(net.collect_params().values())  # the network's parameters
    total, seen = nd.zeros(1), 0
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
    return total / seen
