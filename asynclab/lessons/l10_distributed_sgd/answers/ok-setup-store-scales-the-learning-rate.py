"""A right answer: the store's SGD gets learning_rate=lr/(num_workers*every) instead of rescale_grad. For plain
SGD the updates are the same to float32 rounding (0.4-1.4e-7 of the weights' scale), so the weights equal one
process's."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    """Give the store its optimizer: SGD at lr on the mean of every gradient a round of pushes stands for."""
    gradients_per_update = kv.num_workers * every  # every worker pushes a sum of `every` gradients per round
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr / gradients_per_update))
