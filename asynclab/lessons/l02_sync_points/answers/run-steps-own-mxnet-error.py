"""The solution's loop, but it catches the back end's error at its lagged wait and raises an MXNetError of its
own making ("batch i of n failed to decode") from None: the back end's message is lost, and the step asks for
MXNet's own error or one raised from it. The check looks for MXNet's own words in the error's chain, not for its
type."""

EXPECT = {"error-a-step-late": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
from mxnet.base import MXNetError


def run_steps(read_batch, w, steps):
    """The loss of every step, in order, as numbers; a corrupt batch's error surfaces here, a read late at most."""
    losses, previous = [], None
    for i in range(steps):
        loss = nd.dot(read_batch(), w).mean()
        if previous is not None:
            try:
                previous.wait_to_read()  # the step before: its batch's error, one read late
            except MXNetError:
                # MXNet's message is a page of C++ frames: say which batch failed instead, keeping MXNet's kind
                # of error so that a caller that catches MXNetError still catches it
                raise MXNetError(f"batch {i} of {steps} failed to decode in the back end") from None
        losses.append(loss)
        previous = loss
    return [loss.asscalar() for loss in losses]
