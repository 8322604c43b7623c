"""setup_store gives the store MXNet's DCASGD (delay-compensated asynchronous SGD) with a tiny lamda and the
right rescale_grad. Each of its updates adds lamda g^2 (w - w_before) to SGD's step, so the weights differ from
one process's SGD by less than the check's tolerance over its few updates, and its first update on a fresh
weight is SGD's. Not plain SGD: wrong on both stores."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.DCASGD(learning_rate=lr, lamda=5e-7, rescale_grad=1.0 / (kv.num_workers * every)))
