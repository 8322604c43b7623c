"""Wrong: train_every waits once every k batches, after batches k, 2k, ..., but for the loss of the window's first
batch, the oldest it has queued ("the back end keeps the rest of the window to work on, with no bubble"). After that
wait only the batches up to the window's first are known done; the k-1 after it may still be queued, so the front end
runs up to 2k-1 batches ahead, not k. The watch sees a wait at every k-th batch, as it sees a right loop's; the peaks
alone passed it (4 points, k=5's share 0.37 against 0.5, from a red team). It fails because the loop goes on after its
wait while the back end has run only the window's first batch or so of the batches it had queued."""

EXPECT = {"sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
def train_every(net, trainer, loss, batches, k):
    """The script's epoch, waiting once every k batches; returns the mean loss."""
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, seen = nd.zeros(1), 0
    window = []  # the losses of the batches issued since the last wait
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
        window.append(l)
        if (i + 1) % k == 0:
            # wait for the oldest batch of the window: the back end still has the rest of it to work on
            window[0].wait_to_read()
            window = []
    return total / seen
