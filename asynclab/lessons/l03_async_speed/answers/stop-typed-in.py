"""train_until never reads a loss: it returns a batch index typed in, and stops the loop there."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex1-train-until
def train_until(batches, step, target):
    for i, batch in enumerate(batches):
        step(batch)
        if i == 9:
            return 9
    return None
