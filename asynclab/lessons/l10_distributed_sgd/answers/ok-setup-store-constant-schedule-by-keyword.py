"""Right answer: the optimizer handed over by keyword, and a schedule that never changes the rate (a factor of 1
every 10 updates, as a placeholder for a decay tuned later): plain SGD at lr for any length of training."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}


# %% ex1-setup-store
def setup_store(kv, lr, every):
    unchanged = mx.lr_scheduler.FactorScheduler(step=10, factor=1.0, base_lr=lr)
    sgd = mx.optimizer.SGD(learning_rate=lr, lr_scheduler=unchanged, rescale_grad=1.0 / (kv.num_workers * every))
    kv.set_optimizer(optimizer=sgd)
