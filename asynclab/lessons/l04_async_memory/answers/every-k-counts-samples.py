"""Wrong, a slip a student could make: train_every waits when the count of samples seen is a multiple of k
(`seen % k == 0`), not the count of batches. With batches of 1024 samples that is every k / gcd(k, 1024) batches:
right for odd k (3, 5, 23, 25, ...), every batch for k=4 and 32, every 3 batches for k=6, every 25 for k=50. From a
red team: it scored 4 in one of six runs, when the watch drew two odd values of k; the small k watched is now even."""

EXPECT = {"sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
def train_every(net, trainer, loss, batches, k):
    """The script's epoch, waiting once every k samples; returns the mean loss."""
    params = [p for p in net.collect_params().values() if p.grad_req != "null"]
    total, seen = nd.zeros(1), 0
    for X, y in batches:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        gluon.utils.clip_global_norm([p.grad() for p in params], MAX_NORM, check_isfinite=False)
        trainer.step(X.shape[0])
        total = total + l.sum()
        seen += X.shape[0]
        if seen % k == 0:
            l.wait_to_read()
    return total / seen
