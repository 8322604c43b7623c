"""async_loop waits at the end but returns the result of the first batch, not the last."""

EXPECT = {"async-beats-sync": 0, "predict-every-k": 2, "t1-below-synced-op": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-loops
def sync_loop(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
        y.wait_to_read()
    return y


def async_loop(batches, step):
    results = [step(batch) for batch in batches]
    nd.waitall()
    return results[0]
