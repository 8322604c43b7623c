"""A SIGALRM every 2 ms, whose handler runs late only while the main thread is in native code: it takes a work that computes in NumPy on the front end for one that waits. Found by a review (2/2 before the NumPy work was drawn)."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
import signal


def waits_for_back_end(work):
    nd.waitall()
    fired = []

    def handler(signum, _):
        fired.append(time.perf_counter())

    old = signal.signal(signal.SIGALRM, handler)
    try:
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, 0.002, 0.002)
        work()
        end = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, old)
    nd.waitall()
    marks = [start] + [t for t in fired if t <= end] + [end]
    gap = max(b - a for a, b in zip(marks, marks[1:]))
    return end - start > 0.01 and gap > 0.4 * (end - start)
