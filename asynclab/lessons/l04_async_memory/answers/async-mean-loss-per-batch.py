"""train_async queues the script's training without a wait, but divides the summed loss by the number of batches
instead of the number of samples: the same weights, and a mean loss per batch where the script's is per sample
(a batch's size times too large)."""

EXPECT = {"peak-increase": 2, "front-returns-early": 0, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, count = nd.zeros(1), 0
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        count += 1
    return total / count
