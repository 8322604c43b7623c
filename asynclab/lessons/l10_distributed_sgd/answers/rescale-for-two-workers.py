"""Takes the mean over two workers whatever their number (and over the steps of a push)."""

EXPECT = {"sync-equals-one-process": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=0.5 / every))
