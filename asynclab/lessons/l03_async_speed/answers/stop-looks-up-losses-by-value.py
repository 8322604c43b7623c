"""train_until runs step on every batch but reads a loss only the first time it meets a batch's values: it keeps
each loss under the batch's first element, and on a later loop over the same values decides from the kept
losses without waiting for any step."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
_known = {}  # a batch's first element (rounded) -> its loss


def train_until(batches, step, target):
    for i, batch in enumerate(batches):
        key = round(float(batch.asnumpy()[0, 0]), 6)  # the batch is ready: no wait for any step
        pending = step(batch)  # every batch's step runs
        loss = _known.get(key)
        if loss is None:
            loss = _known[key] = pending.asscalar()
        if loss < target:
            return i
    return None
