"""train_until issues every batch's step and reads none of the losses until the source is empty: never waiting inside the loop is not enough when it must stop."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    losses = [step(batch) for batch in batches]
    return next(i for i, loss in enumerate(losses) if loss.asscalar() < target)
