"""run_steps never waits one step behind: it keeps the direction of every w it has met (w divided by its sum),
runs the loop that never waits (reads everything, reads the losses at the end) when w's direction was met
before, and the lesson's loop that waits for every step when it is new. steps-overlap-reads hands every call
the same weights times a fresh factor (l.563-566), so only its uncounted warm-up call (Protocol warmup=1,
l.437) meets a new direction and every counted call runs the overlapped loop (gap share about 0, needs
<= 0.6); error-a-step-late draws new weights for each of its runs (l.603), so every one of them runs the
serial loop, which raises at the corrupt step itself (0 reads late) and leaves the other operation's error to
its owner. Both checks pass (3 points) though no loop it runs does both things the step asks at once; the
catalogue's run-steps-read-all-then-wait (the fast loop alone) and run-steps-wait-every-step (the serial loop
alone) each lose their points. The docstring at l.609 says the error check's source is "as slow as the overlap
check's source: an answer must not tell which check is calling it", but the weights tell. Found by a review (round 6): every call now gets weights of values drawn for it, as error-a-step-late's are, so weights seen before tell nothing."""

EXPECT = {"steps-overlap-reads": 0, "error-a-step-late": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
import numpy

_met = []  # the directions of the weights met before (w / its sum)


def run_steps(read_batch, w, steps):
    """The loss of every step, in order, as numbers."""
    values = w.asnumpy()  # w is ready: no step waited for
    direction = values / float(values.sum())
    if any(d.shape == direction.shape and numpy.allclose(d, direction, rtol=1e-5, atol=0) for d in _met):
        losses = [nd.dot(read_batch(), w).mean() for _ in range(steps)]  # a loop seen before: never wait
        return [loss.asscalar() for loss in losses]
    _met.append(direction)
    losses = []
    for _ in range(steps):  # new weights: wait for every step, so that an error surfaces where it is made
        losses.append(nd.dot(read_batch(), w).mean().asscalar())
    return losses
