"""Reads each loss one step behind but never reads the last step's loss after the loop: a stop at the last batch returns None: it passed while the check drew its stops from 6-12 of 16 batches only; the check now also asks, untimed, about a stop at the last batch."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    previous = None
    for i, batch in enumerate(batches):
        loss = step(batch)
        if previous is not None and previous.asscalar() < target:
            return i - 1
        previous = loss
    return None
