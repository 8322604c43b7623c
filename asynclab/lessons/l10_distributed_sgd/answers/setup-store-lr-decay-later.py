"""setup_store gives plain SGD the right rescale_grad, plus the "usual" learning-rate decay: a FactorScheduler
that halves the rate every 200 updates. That is not SGD at lr for a longer training, though the check's runs make
at most 24 updates, where the schedule never fires and the weights are exact: the check also steps the optimizer
at later updates, in both checks' runs."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-setup-store
def setup_store(kv, lr, every):
    decay = mx.lr_scheduler.FactorScheduler(step=200, factor=0.5, base_lr=lr)
    kv.set_optimizer(
        mx.optimizer.SGD(learning_rate=lr, lr_scheduler=decay, rescale_grad=1.0 / (kv.num_workers * every))
    )
