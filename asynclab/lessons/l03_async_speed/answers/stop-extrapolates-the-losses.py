"""train_until reads the losses of the first two batches only, takes their ratio as the losses' rate of decay, and works out from it at which batch the loss falls below the target, without running step on any other batch."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    source = iter(batches)
    first = step(next(source)).asscalar()
    if first < target:
        return 0
    second = step(next(source)).asscalar()
    if second < target:
        return 1
    rate = second / first  # "the loss falls by the same share every batch"
    index, loss = 1, second
    while loss >= target and index < 10_000:
        loss *= rate
        index += 1
    return index
