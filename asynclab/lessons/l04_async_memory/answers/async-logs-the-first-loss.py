"""Queues the epoch without a wait but one: it reads the first batch's loss, to log where training starts.
That one wait lets the front end run ahead for the rest of the epoch, so the call still returns within
about one batch in 12-20 of the script's time; watched from the back end, it waits after batch 1."""

EXPECT = {"front-returns-early": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, seen = nd.zeros(1), 0
    first = None
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
        if first is None:
            first = l.mean().asscalar()
    return total / seen
