"""Right answer written differently: train_async keeps each batch's mean loss in a list and averages them with nd.add_n at the end (the batches are all the same size)."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    means = []
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        means.append(l.mean())
    return nd.add_n(*means) / len(means)
