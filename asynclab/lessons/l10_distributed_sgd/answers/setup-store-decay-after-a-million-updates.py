"""Found by a red team: setup_store gives SGD the right rescale_grad plus the "usual" step schedule, the rate cut
tenfold after 1.5 million updates (30 epochs of 50,000 updates). Like setup-store-lr-decay-later it is not SGD at
lr however long the training runs, but late_step steps the optimizer only up to its 2**20th update (1,048,576),
before the schedule fires, so it reads exactly 1.0, and the check's runs (at most 24 updates) are exact."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    decay = mx.lr_scheduler.MultiFactorScheduler(step=[1_500_000], factor=0.1, base_lr=lr)
    kv.set_optimizer(
        mx.optimizer.SGD(learning_rate=lr, lr_scheduler=decay, rescale_grad=1.0 / (kv.num_workers * every))
    )
