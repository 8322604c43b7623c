"""Right answer: the optimizer made by name, with its options as keywords."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}


# %% ex1-setup-store
def setup_store(kv, lr, every):
    import mxnet

    kv.set_optimizer(mxnet.optimizer.create("sgd", learning_rate=lr, rescale_grad=1 / (kv.num_workers * every)))
