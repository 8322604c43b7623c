"""The lesson's loop that waits for every step before the next read (no overlap), plus a cache of the losses per
weight direction: called again with weights proportional to ones it has met (the check's w times a fresh
factor), it reads the batches (the source counts the reads) and returns the kept losses times the factor, read
off the weights' sums, without computing any step. The catalogue's run-steps-serial-with-a-cache keys its cache
on the array's identity, which the check's fresh scale (l.563-569) defeats; every loss is linear in w, so a
cache keyed on w's direction is not defeated: the warm-up call (Protocol warmup=1, l.437) computes and keeps the
losses, every counted call takes only the source's delays, as fast as the check's overlapped loop (gap share
about 0, needs <= 0.6). error-a-step-late draws new records and weights per run (l.603), so the cache misses
there and the serial loop raises at the corrupt step itself (0 reads late) and leaves the other error alone:
both checks pass, the step's job (overlap) is never done. Found by a review (round 6): every call now gets weights of values drawn for it, its losses computed by the check after the call."""

EXPECT = {"steps-overlap-reads": 0, "error-a-step-late": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
import numpy

_kept = []  # (w's values / their sum, steps, the losses / that sum)


def run_steps(read_batch, w, steps):
    """The loss of every step, in order, as numbers."""
    values = w.asnumpy()  # w is ready: no step waited for
    total = float(values.sum())
    for direction, count, losses in _kept:
        if (
            count == steps
            and direction.shape == values.shape
            and numpy.allclose(direction, values / total, rtol=1e-5, atol=0)
        ):
            for _ in range(steps):
                read_batch()  # the source must still be read
            return [loss * total for loss in losses]  # "every loss is linear in w"
    losses = []
    for _ in range(steps):
        loss = nd.dot(read_batch(), w).mean()
        losses.append(loss.asscalar())  # wait for every step: a corrupt batch raises right here
    _kept.append((values / total, steps, [loss / total for loss in losses]))
    return losses
