"""train_async keeps clip_global_norm's default check_isfinite=True, which reads the norm with asscalar(): a wait at every batch, hidden in a library call."""

EXPECT = {"peak-increase": 2, "front-returns-early": 0, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, seen = nd.zeros(1), 0
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
    return total / seen
