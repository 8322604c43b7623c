"""Right, in another way (from a red team): every k batches train_every waits for the first layer's weight
(p.data().wait_to_read()) right after trainer.step. That weight is written by this batch's update, which needs this
batch's gradients, which need its forward pass: after the wait every batch queued so far has run, as after
l.wait_to_read()."""

EXPECT = {"sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
def train_every(net, trainer, loss, batches, k):
    """The script's epoch, waiting for the updated weights every k batches; returns the mean loss."""
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
        if (i + 1) % k == 0:
            params[0].data().wait_to_read()  # written by this batch's update
    return total / seen
