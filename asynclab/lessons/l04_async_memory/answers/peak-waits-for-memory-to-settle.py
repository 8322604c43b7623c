"""peak_increase never waits for the back end: after fn() returns it polls the resident memory until it has risen
more than 20 MB above the start and then stayed within 1 MB for 0.1 s, or, if it never rose, for 2.5 s. Found by a
review (round 5): each of the check's functions allocated in one way only, so the heuristic saw every peak. Now the
queued function computes 60 MB before it returns (the heuristic stops there, before the queued work runs), and the
call must return within 0.3 s of the end of every function's work (the 2.5 s fallback is late)."""

EXPECT = {"peak-increase": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.memory import PeakMemory


# %% ex1-peak-increase
import time

import psutil


def peak_increase(fn):
    """Run fn() and return its peak resident memory above the start, in MB."""
    process = psutil.Process()
    with PeakMemory(interval=0.002) as pm:
        start = process.memory_info().rss / 1e6
        fn()
        # MXNet may allocate what fn queued after fn returned: keep sampling until the memory has risen and
        # settled, or until nothing has happened for a while
        returned = time.perf_counter()
        last, steady_since = start, returned
        while True:
            time.sleep(0.005)
            now = process.memory_info().rss / 1e6
            if abs(now - last) > 1.0:
                last, steady_since = now, time.perf_counter()
            risen = now - start > 20.0
            if risen and time.perf_counter() - steady_since > 0.1:
                break
            if not risen and time.perf_counter() - returned > 2.5:
                break
    return pm.trace.peak - pm.trace.baseline
