"""Right, with the commonest offset: the loop counts batches from 0 and waits when ``i % k == 0``, after batches
1, k+1, 2k+1, ... Once every k batches at a fixed offset, the first within the first k: the queue never holds
more than k batches, which is what the step's bound asks for, and the step's text allows that offset."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 4}

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
        if i % k == 0:  # i counts from 0: after batches 1, k + 1, 2k + 1, ...
            l.wait_to_read()
    return total / seen
