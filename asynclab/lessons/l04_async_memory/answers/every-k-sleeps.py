"""Never waits for the back end: sleeps 20 ms per batch of k after every k batches instead, which on an idle
machine lets the back end catch up about as a wait would. Sleeping is not waiting: watched from the back
end, the loop never waits, and what it queued stays held."""

EXPECT = {"sync-every-k": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex3-train-every
import time


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
        if (i + 1) % k == 0:
            time.sleep(0.02 * k)
    return total / seen
