"""setup_store gives plain SGD the right rescale_grad, plus clip_gradient=10 as a guard against exploding
gradients (lab 04's script clipped its gradients too). Wrong by the step's text: each update must be SGD on the
mean of the gradients it stands for, and any mean gradient with an entry beyond 10 is cut to 10. The check's
problem gives mean gradients of at most about 9.4, so the clip never acted on the weights, and it scored 3; the
check now also steps the optimizer once for a gradient of 10,000, in both checks' runs."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv, lr, every):
    """Give the store its optimizer: SGD at lr on the mean of every gradient a round of pushes stands for."""
    kv.set_optimizer(
        mx.optimizer.SGD(learning_rate=lr, rescale_grad=1.0 / (kv.num_workers * every), clip_gradient=10.0)
    )
