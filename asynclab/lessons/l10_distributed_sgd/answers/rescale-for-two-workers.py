"""Takes the mean over two workers whatever their number."""

EXPECT = {"sync-equals-one-process": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=0.5))
