"""sync_loop waits only after every second batch (and at the end), so half the batches overlap."""

EXPECT = {"async-beats-sync": 0, "predict-every-k": 2, "t1-below-synced-op": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-loops
def sync_loop(batches, step):
    """Run step on every batch, waiting for each result before taking the next batch."""
    y = None
    for i, batch in enumerate(batches):
        y = step(batch)
        if i % 2 == 1:
            y.wait_to_read()
    y.wait_to_read()
    return y


def async_loop(batches, step):
    """Run step on every batch without waiting inside the loop; wait once at the end."""
    y = None
    for batch in batches:
        y = step(batch)
    nd.waitall()
    return y
