"""Found by a red team: setup_store gives SGD the right rescale_grad plus a "harmless" weight decay of 5e-6. That is
not plain SGD (every update also shrinks the weights by lr * wd * w), but over the check's at most 24 updates it
moves the weights by only 1.6-5.5e-7 of their scale (against WEIGHT_TOLERANCE 8e-7), and late_step steps the
optimizer on a weight of zero, where weight decay adds nothing, so no gate sees it. lab 10's own docstring counts
"an optimizer that also decays the weights (by 1e-4)" among the wrong ones."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, wd=5e-6, rescale_grad=1.0 / (kv.num_workers * every)))
