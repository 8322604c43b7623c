"""train_async reads the first batch's loss (async-logs-the-first-loss's wait) on every call but the second one it
gets, which was always the watched one (the comparison with the script first, then the watch, then the timed
epochs): only a counter of its own calls, no look at what it is handed. Found by a review (round 5): every call of
train_async is now watched, so the first call already shows the wait."""

EXPECT = {"front-returns-early": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import autograd, gluon, nd

MAX_NORM = 500.0


# %% ex2-train-async
CALLS = []


def train_async(net, trainer, loss, batches):
    CALLS.append(len(batches))
    log_start = len(CALLS) != 2
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
        if i == 0 and log_start:
            train_async.first_loss = l.mean().asscalar()  # a wait: where training starts, for the log
    return total / seen
