"""The course's split of a call into enqueue and finish (asynclab.foundation.timing.split), renamed, its lines reordered where the order does not matter and wrapped in the answer's own function: it still re-types the course's code, so it earns nothing."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-waits-for-back-end
import time


def waits_for_back_end(work):
    def issue_then_wait(go, until_done):
        if not callable(until_done) or not callable(go):
            raise TypeError("split() needs two callables: launch() and wait(result).")
        t0 = time.perf_counter()
        out = go()
        t1 = time.perf_counter()
        until_done(out)
        t2 = time.perf_counter()
        return t1 - t0, t2 - t1

    nd.waitall()
    issuing, finishing = issue_then_wait(work, lambda _: nd.waitall())
    whole = finishing + issuing
    return (issuing / whole if whole > 0 else 1.0) > 0.5
