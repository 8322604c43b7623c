"""Sets no optimizer: dist_sync keeps the sum of the pushes as the weights, dist_async's server stops."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-setup-store
def setup_store(kv, lr, every):
    pass
