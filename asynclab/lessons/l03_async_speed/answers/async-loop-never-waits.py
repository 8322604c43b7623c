"""async_loop returns without waiting, so the time it reports leaves the last batch's work out."""

EXPECT = {"async-beats-sync": 0, "predict-every-k": 2, "t1-below-synced-op": 2}


# %% ex1-loops
def sync_loop(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
        y.wait_to_read()
    return y


def async_loop(batches, step):
    y = None
    for batch in batches:
        y = step(batch)
    return y
