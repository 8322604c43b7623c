"""The solution's loop one read behind, but its last reads, after the loop, are wrapped in try/except MXNetError
and give NaN, on the view that an error there "must be another operation's". The lesson says the opposite: a
wait on your own array raises your own errors. A corrupt last batch then returns a loss of NaN without an
error. The check corrupts the last step's record in one of its runs."""

EXPECT = {"error-a-step-late": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
from mxnet.base import MXNetError


def run_steps(read_batch, w, steps):
    """The loss of every step, in order, as numbers; a corrupt batch's error surfaces here, a read late at most."""
    losses, previous = [], None
    for _ in range(steps):
        loss = nd.dot(read_batch(), w).mean()  # the back end computed the previous step during the read
        if previous is not None:
            previous.wait_to_read()  # the step before: its batch's error, one read late
        losses.append(loss)
        previous = loss
    # every corrupt batch has raised above; an error that comes out now belongs to another part of the
    # program, whose error is to be left alone: keep it out of run_steps
    values = []
    for loss in losses:
        try:
            values.append(loss.asscalar())
        except MXNetError:
            values.append(float("nan"))
    return values
