"""train_until lets the pipeline fill before it reads anything: it issues the first three steps unread, and only
after the fourth reads every loss but the newest, then goes on one read behind. When the first loss below the
target is batch 0's it returns 0 having run step on three batches after it, where the step allows one: steps
computed in vain. At the timed stops (6-12) it is the solution's loop; the check counts the steps in its untimed
loops too, the first batch's among them."""

EXPECT = {"async-beats-sync": 0}


# %% ex1-train-until
def train_until(batches, step, target):
    """Index of the first batch whose loss is below target; step runs on at most one batch after it."""
    fill = 3  # steps queued before the first read, so that the back end never waits for the front end
    unread = []  # (index, loss) of the steps issued whose losses are not read yet, oldest first
    for i, batch in enumerate(batches):
        unread.append((i, step(batch)))
        if i < fill:
            continue
        while len(unread) > 1:  # every loss but the one just issued: computed while the batches loaded
            index, loss = unread.pop(0)
            if loss.asscalar() < target:
                return index
    for index, loss in unread:  # the batches ran out: the losses not read yet
        if loss.asscalar() < target:
            return index
    return None
