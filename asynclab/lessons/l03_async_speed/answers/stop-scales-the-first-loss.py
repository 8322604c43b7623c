"""train_until reads one loss, the first batch's, and works out every later loss from how large each batch is
beside the first (its values are ready: reading them waits for no step): the loss is taken to follow the
batch's magnitude. It issues step on every batch up to the one it returns and reads nothing more. Wrong: it
never reads the losses it stops on; a training loss does not follow the size of the batch's values. The
check's step adds a bias before the absolute value, so a loss is no share of its batch's size: such an
estimate stopped at the right batch at none of 1400 drawn stops, and the loop stops at the wrong batch."""

EXPECT = {"async-beats-sync": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy


# %% ex1-train-until
def train_until(batches, step, target):
    """Index of the first batch whose loss is below target; step runs on at most one batch after it."""
    first_size = first_loss = None
    for i, batch in enumerate(batches):
        size = float(numpy.abs(batch.asnumpy()).sum())  # the batch itself is ready: no step is waited for
        loss = step(batch)
        if first_loss is None:
            first_size, first_loss = size, float(loss.asscalar())  # the one loss read
            estimate = first_loss
        else:
            estimate = first_loss * size / first_size  # the loss follows the batch's magnitude
        if estimate < target:
            return i
    return None
