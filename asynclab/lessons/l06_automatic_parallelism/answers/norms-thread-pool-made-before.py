"""Issues each device's products from a worker of a thread pool made once, in the answer cell, before the check
calls norms_both. MXNet keeps its autograd record per thread, and the step says to issue the work from the calling
thread or from threads the function starts: the pool's threads were started before, so nothing they compute is
recorded, and the norms are refused as not computed by the products the step writes. Found by a review (round 6),
when the step did not say so."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

xa = xb = None


# %% ex1-norms-both
from multiprocessing.pool import ThreadPool

_workers = ThreadPool(2)  # one worker thread per device, made once: starting threads at every call costs


def norms_both(xa, xb, reps):
    def issue(x):  # one device's products and norms, issued, not waited for
        return [nd.norm(nd.dot(x, x)) for _ in range(reps)]

    on_a, on_b = _workers.map(issue, (xa, xb))
    return on_a + on_b
