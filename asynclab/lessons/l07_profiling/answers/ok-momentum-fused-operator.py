"""A right step with MXNet's own fused optimizer operator, sgd_mom_update, which updates the momentum in place and writes the weights into out."""

EXPECT = {"momentum-allocates-nothing": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    nd.sgd_mom_update(w, g, v, lr=lr, momentum=mu, out=w)
    return w
