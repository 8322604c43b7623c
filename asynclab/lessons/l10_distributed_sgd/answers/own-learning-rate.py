"""Uses a learning rate of its own instead of lr."""

EXPECT = {"sync-equals-one-process": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.05, rescale_grad=1.0 / (kv.num_workers * every)))
