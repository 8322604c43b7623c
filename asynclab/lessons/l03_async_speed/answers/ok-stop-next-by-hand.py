"""Right answer written differently: it takes the batches with next() by hand and keeps the previous loss in a variable of its own, reading it after the next step is issued."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    source = iter(batches)
    index = 0
    first = next(source, None)
    if first is None:  # no batch at all: none had a loss below the target
        return None
    previous = step(first)
    while True:
        try:
            batch = next(source)
        except StopIteration:
            return index if previous.asscalar() < target else None
        current = step(batch)
        if previous.asscalar() < target:
            return index
        previous = current
        index += 1
