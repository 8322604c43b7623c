"""The store rescales by the number of workers only, as in lesson 10, while each push carries the sum of every gradients: updates every times too large."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 3}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=1.0 / kv.num_workers))
