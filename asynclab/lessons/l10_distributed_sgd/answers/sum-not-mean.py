"""Applies the sum of the gradients of a round of pushes, not their mean (no rescale_grad)."""

EXPECT = {"sync-equals-one-process": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr))
