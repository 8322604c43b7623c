"""setup_store gives the solution's plain SGD on dist_sync, but on dist_async adds a learning-rate decay (a
FactorScheduler halving the rate every 200 updates, "stale gradients cost more the larger the rate"): not the
plain SGD at lr the step asks of the store however long the training runs (setup-store-lr-decay-later on both
stores). Its 30 updates never reach the schedule's first step, so the async run trains as the solution's; the
optimizer each worker set is stepped at late updates in the async run too."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    rescale = 1.0 / (kv.num_workers * every)
    if kv.type == "dist_async":
        # stale gradients: the later in training, the smaller the step they may take
        decay = mx.lr_scheduler.FactorScheduler(step=200, factor=0.5, base_lr=lr)
        kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, lr_scheduler=decay, rescale_grad=rescale))
    else:
        kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=rescale))
