"""Right, in another way: train_every waits for the back end every k batches by writing a checkpoint there
(net.save_parameters): MXNet's save waits to read every parameter, which the batch's update wrote, so after batch k,
2k, ... everything queued has run, as after l.wait_to_read(). Found by a review (round 5): the watch knew a wait
only by the names wait_to_read, wait_to_write, waitall and asnumpy, so the loop looked stalled for 30 s and failed;
save (and __getstate__, _sync_copyfrom) are waits now."""

EXPECT = {"sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
import tempfile

CHECKPOINT = tempfile.gettempdir() + "/train_every.params"


def train_every(net, trainer, loss, batches, k):
    """The script's epoch, with a checkpoint (a wait) every k batches; returns the mean loss."""
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
            net.save_parameters(CHECKPOINT)  # saving waits until this batch's update has been written
    return total / seen
